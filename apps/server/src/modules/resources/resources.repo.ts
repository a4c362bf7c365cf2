import { and, eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/database';
import { translateDbError } from './db-errors';

type TRowOf<T extends PgTable> = T['$inferSelect'];

/** A column of a table by its API name. */
export const column = (table: PgTable, name: string) =>
  (table as unknown as Record<string, PgColumn | undefined>)[name];

const byId = (table: PgTable, id: string) => eq(column(table, 'id')!, id);

/** SQL: rows whose `userId` is the user's. */
export const ownedBy = (table: PgTable, userId: string) => eq(column(table, 'userId')!, userId);

/** SQL: rows of one project. */
export const inProject = (table: PgTable, projectId: string | Placeholder) =>
  eq(column(table, 'projectId')!, projectId);

/** The row `where` picks (the first, should it pick more), or undefined. */
export async function rowWhere<T extends PgTable>(
  db: TDb,
  table: T,
  where: SQL | undefined,
): Promise<TRowOf<T> | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where);
  return row as TRowOf<T> | undefined;
}

/** A row by id, within `scope` when given; `lock` holds it until the transaction ends. */
export async function findRow<T extends PgTable>(
  db: TDb,
  table: T,
  id: string,
  scope?: SQL,
  lock = false,
): Promise<TRowOf<T> | undefined> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(and(byId(table, id), scope))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row as TRowOf<T> | undefined;
}

// Writes turn constraint violations into client errors (see translateDbError).

export async function insertRow<T extends PgTable>(
  db: TDb,
  table: T,
  values: T['$inferInsert'],
): Promise<TRowOf<T>> {
  const rows = await db
    .insert(table as PgTable)
    .values(values)
    .returning()
    .catch((error: unknown) => translateDbError(error, 'write'));
  return (rows as Array<TRowOf<T>>)[0]!;
}

/** Changes the fields given and the row's `updatedAt`. */
export async function updateRow<T extends PgTable>(
  db: TDb,
  table: T,
  id: string,
  values: { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL },
): Promise<TRowOf<T>> {
  const rows = await db
    .update(table as PgTable)
    .set({ ...values, updatedAt: new Date() })
    .where(byId(table, id))
    .returning()
    .catch((error: unknown) => translateDbError(error, 'write'));
  return (rows as Array<TRowOf<T>>)[0]!;
}

export async function deleteRow(db: TDb, table: PgTable, id: string) {
  await db
    .delete(table)
    .where(byId(table, id))
    .catch((error: unknown) => translateDbError(error, 'delete'));
}
