import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type TDatabase, type TQueryHook } from '../db/database';

export type TTestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL names a server. */
export const testDatabaseKinds: TTestDatabaseKind[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * A fresh, migrated, empty database of that kind; closing drops it. `reopen` connects to it
 * once more, as another server would (the embedded database has one connection: itself).
 * `onQuery` sees every statement the app runs.
 */
export async function openTestDatabase(
  kind: TTestDatabaseKind,
  onQuery?: TQueryHook,
): Promise<TDatabase & { reopen(): Promise<TDatabase> }> {
  const hook = onQuery ? { onQuery } : {};
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined, ...hook });
    return { ...database, reopen: async () => ({ ...database, close: async () => undefined }) };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `flowsmith_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), ...hook });
  return {
    ...database,
    reopen: () => openDatabase({ kind: 'postgres', url: url.toString() }),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Runs raw SQL in a test and returns its rows (PGlite and node-postgres both answer `{rows}`). */
export async function queryRows<T>(db: TDatabase['db'], query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
