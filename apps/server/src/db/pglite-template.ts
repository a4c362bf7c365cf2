import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgliteWorkerClient } from './pglite-client';
import type { TDb } from './database';
import { seedCatalog } from './seed-catalog';

/**
 * A new embedded database starts with PostgreSQL's initdb, which takes five seconds or more in
 * WebAssembly. The build does it once, migrates and seeds the result and keeps its folder (the template);
 * a first start copies that folder (a native file copy, or a copy-on-write clone where the file
 * system has them) and applies only newer migrations.
 *
 * Creating a file is what that copy spends its time on (about a millisecond each on a small
 * virtual machine; the 40 MB themselves cost little), so the template keeps as few as it can.
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
    // PGlite only ever opens `postgres`, and no one creates databases in it: template0 and
    // template1 are half the files.
    for (const name of ['template0', 'template1']) {
      await client.exec(`alter database ${name} is_template false`);
      await client.exec(`drop database ${name}`);
    }
  } finally {
    await client.close();
  }
  await removeOptionalForks(templateDir);
}

/**
 * A relation's free space map (`_fsm`) and visibility map (`_vm`) are optional: PostgreSQL
 * creates them again once a table grows or is vacuumed, and reads their absence as "no free
 * space known" and "no page known all-visible", both safe. In a closed, freshly seeded database
 * they are a tenth of the files and hold nothing a new server needs.
 */
async function removeOptionalForks(templateDir: string): Promise<void> {
  const files = await readdir(templateDir, { recursive: true });
  await Promise.all(
    files
      .filter((file) => /^\d+_(fsm|vm)$/.test(path.basename(file)))
      .map((file) => rm(path.join(templateDir, file))),
  );
}

/**
 * The client of a database that `opening` copied from the template into `dataDir`, or undefined
 * (and no files left behind) when the copy does not fit: made by another PGlite, unreadable, or
 * with migrations that differ from this code's.
 */
export async function adoptTemplateCopy(
  opening: Promise<PgliteWorkerClient>,
  dataDir: string,
  migrationsFolder: string,
): Promise<PgliteWorkerClient | undefined> {
  let client: PgliteWorkerClient | undefined;
  try {
    client = await opening;
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
