import { and, asc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TDatabaseQuery } from '@flowsmith/engine';
import type { TDb } from '../../db/database';
import { jsonParam } from '../../db/json-rows';
import { preparedSql, preparedStatement } from '../../db/prepared';
import { databaseValues, nodeDatabases } from '../../db/schema/index';
import { escapeLike } from '../resources/list-query';
import { findRow, inProject } from '../resources/resources.repo';

export type TValueInsert = Pick<
  typeof databaseValues.$inferInsert,
  'projectId' | 'nodeDatabaseId' | 'key' | 'value' | 'type'
>;

/** One page of a database's values in key order, after the value `after`. */
export function valuesPage(
  db: TDb,
  databaseId: string,
  after: { key: string; id: string } | undefined,
  limit: number,
) {
  return db
    .select({
      id: databaseValues.id,
      key: databaseValues.key,
      value: databaseValues.value,
      type: databaseValues.type,
    })
    .from(databaseValues)
    .where(
      and(
        eq(databaseValues.nodeDatabaseId, databaseId),
        after
          ? or(
              gt(databaseValues.key, after.key),
              and(eq(databaseValues.key, after.key), gt(databaseValues.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(databaseValues.key), asc(databaseValues.id))
    .limit(limit);
}

/** Removes every value of a database; how many there were. */
export async function deleteValues(db: TDb, databaseId: string) {
  const removed = await db
    .delete(databaseValues)
    .where(eq(databaseValues.nodeDatabaseId, databaseId))
    .returning({ id: databaseValues.id });
  return removed.length;
}

/**
 * Values inserted from one JSON value: the statement is the same for any number of rows, so it is
 * built and prepared once, where a multi-row insert would be built again, a parameter per value,
 * for every batch of an import.
 */
const insertValueRows = preparedStatement((db) =>
  preparedSql(
    db,
    sql`insert into ${databaseValues} (project_id, node_database_id, key, value, type)
      select v."projectId", v."nodeDatabaseId", v.key, v.value, v.type
      from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
        as v("projectId" uuid, "nodeDatabaseId" uuid, key text, value text, type text)`,
  ),
);

/** `jsonb_to_recordset` reads the five columns it names and leaves any other property. */
export async function insertValues(db: TDb, values: TValueInsert[]) {
  await insertValueRows(db).execute({ rows: jsonParam(values) });
}

export const databaseInProject = (db: TDb, databaseId: string, projectId: string) =>
  findRow(db, nodeDatabases, databaseId, inProject(nodeDatabases, projectId));

/** Values of a database: all, by key, or those whose key contains `filter`. */
export function readValues(db: TDb, databaseId: string, query: TDatabaseQuery, limit: number) {
  const filter: SQL | undefined =
    query.mode === 'by_key'
      ? eq(databaseValues.key, query.key ?? '')
      : query.mode === 'filter' && query.filter
        ? ilike(databaseValues.key, `%${escapeLike(query.filter)}%`)
        : undefined;
  return db
    .select({ key: databaseValues.key, value: databaseValues.value, type: databaseValues.type })
    .from(databaseValues)
    .where(and(eq(databaseValues.nodeDatabaseId, databaseId), filter))
    .orderBy(asc(databaseValues.key), asc(databaseValues.id))
    .limit(limit);
}
