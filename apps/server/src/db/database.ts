import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { seedCatalog } from './seed-catalog';

export type TSchema = typeof schema;
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export type TDatabaseOptions =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | undefined };

/** Opens the database, applies pending migrations and brings the built-in catalog up to date. */
export async function openDatabase(options: TDatabaseOptions): Promise<TDatabase> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    try {
      await migratePg(db, { migrationsFolder });
      await seedCatalog(db as unknown as TDb);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as TDb,
      kind: 'postgres',
      ping: () => ping(db as unknown as TDb),
      close: once(() => pool.end()),
    };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  await seedCatalog(db as unknown as TDb);
  return {
    db: db as unknown as TDb,
    kind: 'pglite',
    ping: () => ping(db as unknown as TDb),
    close: once(() => client.close()),
  };
}

/** Runs `work` in one transaction, handing it a handle that every repo function accepts. */
export function inTransaction<T>(db: TDb, work: (tx: TDb) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as TDb));
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

async function ping(db: TDb): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
