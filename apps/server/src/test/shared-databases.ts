import { afterAll } from 'vitest';
import type { TDatabase } from '../db/database';
import { openTestDatabase, type TTestDatabaseKind } from './test-databases';

/**
 * For tests whose apps share one database (several processes on it): `apps` pushed here and the
 * databases opened by `sharedDatabase` are closed after the file's tests, apps first, in reverse.
 */
export function sharedDatabases() {
  const apps: Array<{ close(): Promise<unknown> }> = [];
  const databases: TDatabase[] = [];
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    for (const database of databases) await database.close();
  });
  return {
    apps,
    async sharedDatabase(kind: TTestDatabaseKind) {
      const database = await openTestDatabase(kind);
      databases.push(database);
      return database;
    },
  };
}
