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
