import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';

/**
 * A new embedded database starts with PostgreSQL's initdb, which takes five seconds or more in
 * WebAssembly. The build does it once and keeps the result, migrated, as a tarball (the
 * template); a first start unpacks it in about a second and applies only newer migrations.
 */
export async function createPgliteTemplate(migrationsFolder: string): Promise<Buffer> {
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const tarball = await client.dumpDataDir('gzip');
    return Buffer.from(await tarball.arrayBuffer());
  } finally {
    await client.close();
  }
}

/**
 * Opens a new database in `dataDir` from the template, or answers undefined (and leaves no
 * files behind) when there is a database there already, no template, or a template that does
 * not fit: one made by another PGlite, or with migrations that differ from this code's.
 */
export async function openFromTemplate(
  dataDir: string,
  templateFile: string,
  migrationsFolder: string,
): Promise<PGlite | undefined> {
  if (!existsSync(templateFile) || existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  let client: PGlite | undefined;
  try {
    const tarball = new Blob([await readFile(templateFile)]);
    client = await PGlite.create(dataDir, { loadDataDir: tarball });
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
