import { constants, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { PgliteWorkerClient } from './pglite-client';
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

const COPY_LANES = 2;

/**
 * Copies a folder of plain files and folders, one copy call per file (`fs.cp` adds a stat, a
 * chmod and a sequential walk per file, which a fixed, trusted template does not need).
 *
 * Only a few copies are under way at once: they run on libuv's four threads, which also read
 * the modules the server loads meanwhile, and hundreds of queued copies would hold those reads
 * back until the copy is done.
 */
async function copyFolder(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { withFileTypes: true, recursive: true });
  await mkdir(to, { recursive: true });
  const relative = (entry: (typeof entries)[number]) =>
    path.relative(from, path.join(entry.parentPath, entry.name));
  for (const entry of entries) {
    if (entry.isDirectory()) await mkdir(path.join(to, relative(entry)), { recursive: true });
  }
  const files = entries.filter((entry) => !entry.isDirectory()).map(relative);
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await copyFile(path.join(from, file), path.join(to, file), constants.COPYFILE_FICLONE);
    }
  };
  await Promise.all(Array.from({ length: COPY_LANES }, lane));
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
): Promise<PgliteWorkerClient | undefined> {
  const isDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));
  if (!isDatabase(templateDir) || isDatabase(dataDir)) return undefined;
  let client: PgliteWorkerClient | undefined;
  try {
    await copyFolder(templateDir, dataDir);
    client = await PgliteWorkerClient.open(dataDir, PGLITE_OPTIONS);
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
