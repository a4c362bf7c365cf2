import { createHash } from 'node:crypto';
import { entityKind, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { TDb } from './database';

/**
 * A statement built once per database handle and prepared under a name (`build` gives it its
 * values as `sql.placeholder`s): its SQL text is made once, and PostgreSQL parses and plans it
 * once per connection. For the hot statements of every request and run.
 */
export function preparedStatement<T>(build: (db: TDb) => T): (db: TDb) => T {
  const built = new WeakMap<TDb, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}

/**
 * The name of a statement prepared by its text: the same text gets the same name, so a
 * connection parses it once. Only for statements whose text takes a few shapes (values as
 * parameters): each shape stays prepared on every connection that ran it.
 */
export const nameOfText = (text: string) =>
  `t_${createHash('sha1').update(text).digest('base64url')}`;

/**
 * A query builder's statement, built now, prepared under the name of its text (see
 * `nameOfText`). On the embedded database, whose client prepares by text, it takes no name.
 */
export function preparedByText<P extends object>(query: { prepare(name: string): P }): P {
  // Its name is known once its text is: given to the query Drizzle prepared without one.
  const prepared = query.prepare('');
  // Told by its class's entity kind: importing the class itself would load node-postgres on the
  // embedded database too.
  const kind = (prepared.constructor as { [entityKind]?: string })[entityKind];
  if (kind === 'NodePgPreparedQuery') {
    const named = prepared as unknown as TNodePgQuery;
    named.queryConfig.name = named.rawQueryConfig.name = nameOfText(named.queryString);
  }
  return prepared;
}

/**
 * `preparedStatement` for a statement of several shapes: each built once per database handle
 * and `shape` (which must name everything `build` makes differently).
 */
export function preparedStatements<A, T>(
  build: (db: TDb, args: A) => T,
): (db: TDb, shape: string, args: A) => T {
  const built = new WeakMap<TDb, Map<string, T>>();
  return (db, shape, args) => {
    let shapes = built.get(db);
    if (!shapes) built.set(db, (shapes = new Map()));
    let statement = shapes.get(shape);
    if (!statement) shapes.set(shape, (statement = build(db, args)));
    return statement;
  };
}

/** What node-postgres is given for a prepared query of Drizzle's: its text, under `name`. */
type TNodePgQuery = {
  queryString: string;
  queryConfig: { name?: string };
  rawQueryConfig: { name?: string };
};

/**
 * A raw statement prepared under the name of its text unless not `named`; run by its
 * `execute(values)`, which fills the statement's placeholders.
 */
export function preparedSql(db: TDb, query: SQL, named = true) {
  const { dialect } = db as unknown as { dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  const name = named ? nameOfText(built.sql) : undefined;
  return db._.session.prepareQuery(built, undefined, name, false);
}

/** `db.execute` of a raw statement, prepared under the name of its text unless not `named`. */
export const executeNamedSql = (db: TDb, query: SQL, named = true): Promise<unknown> =>
  preparedSql(db, query, named).execute();
