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
import { openFromTemplate } from './pglite-template';
import { seedCatalog } from './seed-catalog';
import { serverDir } from '../paths';

export type TSchema = typeof schema;
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's address, for what needs connections of its own (the realtime adapter). */
  url?: string;
  ping(): Promise<boolean>;
  /**
   * Calls `onPayload` for every `pg_notify(channel, payload)` committed by any connection (a
   * notification sent in a transaction arrives when it commits); resolves with a stop function.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(serverDir, 'drizzle');

/** Where the build writes the template of a new embedded database. */
export const PGLITE_TEMPLATE = path.join(serverDir, 'dist', 'pglite-template');

export type TDatabaseOptions =
  | { kind: 'postgres'; url: string }
  /**
   * `dataDir` undefined keeps the database in memory (tests). `template`: a migrated database
   * made at build time, to start a new one from (see pglite-template.ts).
   */
  | { kind: 'pglite'; dataDir: string | undefined; template?: string };

/** Opens the database, applies pending migrations and brings the built-in catalog up to date. */
export async function openDatabase(options: TDatabaseOptions): Promise<TDatabase> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    try {
      await reach(pool, options.url);
      await migratePg(db, { migrationsFolder });
      await seedCatalog(db as unknown as TDb);
    } catch (error) {
      await pool.end();
      throw error;
    }
    const listeners = new Set<() => Promise<void>>();
    return {
      db: db as unknown as TDb,
      kind: 'postgres',
      url: options.url,
      ping: () => ping(db as unknown as TDb),
      listen: async (channel, onPayload) => {
        const stop = await listenOnPostgres(options.url, channel, onPayload);
        listeners.add(stop);
        return () => {
          listeners.delete(stop);
          return stop();
        };
      },
      close: once(async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      }),
    };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const fromTemplate =
    options.dataDir && options.template
      ? await openFromTemplate(options.dataDir, options.template, migrationsFolder)
      : undefined;
  const client = fromTemplate ?? (await PGlite.create(options.dataDir));
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  await seedCatalog(db as unknown as TDb);
  return {
    db: db as unknown as TDb,
    kind: 'pglite',
    ping: () => ping(db as unknown as TDb),
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return () => (client.closed ? Promise.resolve() : stop());
    },
    close: once(() => client.close()),
  };
}

/**
 * A connection of its own that LISTENs on `channel`. If it drops, it connects again after a
 * pause; what was notified meanwhile is lost, which listeners make up for by reading the rows.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', () => {
      void next.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1_000).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) await next.end();
    else client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

/** The database named by DATABASE_URL cannot be reached: said in one sentence, no stack. */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, reason: string) {
    const shown = new URL(url);
    shown.password = '';
    super(`Cannot reach the database given by DATABASE_URL (${shown.toString()}): ${reason}.`);
    this.name = 'DatabaseUnreachableError';
  }
}

const CONNECT_TIMEOUT_MS = 15_000;

function connectionProblem(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name is unknown';
  if (code === 'ETIMEDOUT') return 'the connection timed out';
  return (message || code || String(error)).replace(/\.$/, '');
}

async function reach(pool: pg.Pool, url: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(), { code: 'ETIMEDOUT' })),
      CONNECT_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([pool.query('select 1'), timeout]);
  } catch (error) {
    throw new DatabaseUnreachableError(url, connectionProblem(error));
  } finally {
    clearTimeout(timer);
  }
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
