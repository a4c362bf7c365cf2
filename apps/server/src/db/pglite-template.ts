import { constants, existsSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { TDb } from './database';
import { seedCatalog } from './seed-catalog';

/**
 * PostgreSQL's default 128 MB of shared buffers are mostly resident memory in WebAssembly, where
 * nothing else shares them; a small instance's working set fits in far less, and the operating
 * system caches the files below them anyway. Only for a database that exists: initdb (a new
 * folder without the template, an in-memory test database) is slower with them.
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
};

/**
 * A new embedded database starts with PostgreSQL's initdb, which takes five seconds or more in
 * WebAssembly. The build does it once, migrates and seeds the result and keeps its folder (the template);
 * a first start copies that folder (a native file copy, or a copy-on-write clone where the file
 * system has them) and applies only newer migrations.
 */
export async function createPgliteTemplate(
  migrationsFolder: string,
  templateDir: string,
): Promise<void> {
  await rm(templateDir, { recursive: true, force: true });
  const client = await PGlite.create(templateDir);
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder });
    // A first start from the template then finds the catalog seeded and skips it.
    await seedCatalog(db as unknown as TDb);
  } finally {
    await client.close();
  }
}

/**
 * Opens a new database in `dataDir` as a copy of the template, or answers undefined (and leaves
 * no files behind) when there is a database there already, no template, or a template that
 * does not fit: one made by another PGlite, or with migrations that differ from this code's.
 */
export async function openFromTemplate(
  dataDir: string,
  templateDir: string,
  migrationsFolder: string,
): Promise<PGlite | undefined> {
  const isDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));
  if (!isDatabase(templateDir) || isDatabase(dataDir)) return undefined;
  let client: PGlite | undefined;
  try {
    await cp(templateDir, dataDir, { recursive: true, mode: constants.COPYFILE_FICLONE });
    client = await PGlite.create(dataDir, PGLITE_OPTIONS);
    const applied = await client.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations order by created_at',
    );
    const expected = readMigrationFiles({ migrationsFolder }).map((migration) => migration.hash);
    // Migrations the template lacks are applied as usual; a changed one rules it out.
    if (applied.rows.every((row, index) => row.hash === expected[index])) return client;
  } catch {
    // An unreadable or incompatible template: start from initdb instead.
  }
  await client?.close().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  return undefined;
}
