import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import * as schema from './schema/index';
import { adoptTemplateCopy } from './pglite-template';
import { PgliteWorkerClient, startEmbeddedDatabase, type TEmbeddedStart } from './pglite-client';
import { seedCatalogIfChanged } from './seed-catalog';
import { DatabaseUnreachableError } from './unreachable-error';
import { serverDir } from '../paths';

export type TSchema = typeof schema;
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

/** Receives a notification's payload; `undefined` after a lost connection came back. */
export type TNotificationHandler = (payload: string | undefined) => void;

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's address, for what needs connections of its own (realtime adapter, pg-boss). */
  url?: string;
  ping(): Promise<boolean>;
  /**
   * LISTENs on `channel` until the returned function is called. On PostgreSQL one connection
   * serves every channel and reconnects after a loss (handlers then get `undefined`, as what was
   * sent meanwhile is gone).
   */
  listen(channel: string, handler: TNotificationHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(serverDir, 'drizzle');

/** Sees every statement the app runs through Drizzle (tests count them). */
export type TQueryHook = (query: string, params: unknown[]) => void;

export type TDatabaseOptions = (
  | { kind: 'postgres'; url: string }
  /**
   * `dataDir` undefined keeps the database in memory (tests). `started`: the database's thread,
   * started early by `startEmbeddedDatabase` for this `dataDir` (with the build's template for a
   * new database, see pglite-template.ts).
   */
  | { kind: 'pglite'; dataDir: string | undefined; started?: TEmbeddedStart }
) & { onQuery?: TQueryHook };

/** Opens the database, applies pending migrations and brings the built-in catalog up to date. */
export async function openDatabase(options: TDatabaseOptions): Promise<TDatabase> {
  const logger = options.onQuery && { logQuery: options.onQuery };
  if (options.kind === 'postgres') {
    // Loaded only with PostgreSQL: the embedded database never needs them.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, logger });
    try {
      await reach(pool, options.url);
      await migratePg(db, { migrationsFolder });
      await seedCatalogIfChanged(db as unknown as TDb);
    } catch (error) {
      await pool.end();
      throw error;
    }
    const listener = createListener(pg, options.url);
    return {
      db: db as unknown as TDb,
      kind: 'postgres',
      url: options.url,
      ping: () => ping(db as unknown as TDb),
      listen: listener.listen,
      close: once(async () => {
        await listener.close();
        await pool.end();
      }),
    };
  }
  const started =
    options.started ?? (options.dataDir ? startEmbeddedDatabase(options.dataDir) : undefined);
  const client =
    (started?.fromTemplate
      ? await adoptTemplateCopy(started.opening, options.dataDir!, migrationsFolder)
      : await started?.opening) ?? (await PgliteWorkerClient.open(options.dataDir));
  // Drizzle uses only the part of PGlite the client implements (query, exec, transaction).
  const db = drizzlePglite(client as unknown as PGlite, { schema, logger });
  await migratePglite(db, { migrationsFolder });
  await seedCatalogIfChanged(db as unknown as TDb);
  return {
    db: db as unknown as TDb,
    kind: 'pglite',
    ping: () => ping(db as unknown as TDb),
    async listen(channel, handler) {
      const stop = await client.listen(channel, handler);
      return async () => {
        // After close, PGlite refuses UNLISTEN; nothing is listening any more then.
        if (!client.closed) await stop();
      };
    },
    close: once(() => client.close()),
  };
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

/** What runs once a transaction ends, and the handle it was opened on. */
type TEndHooks = { root: TDb; hooks: TEndHook[] };
type TEndHook = (committed: boolean) => void;
const openTransactions = new WeakMap<TDb, TEndHooks>();

/** Runs `work` in one transaction, handing it a handle that every repo function accepts. */
export async function inTransaction<T>(db: TDb, work: (tx: TDb) => Promise<T>): Promise<T> {
  const outer = openTransactions.get(db);
  const own: TEndHooks = { root: outer?.root ?? db, hooks: [] };
  let result: T;
  try {
    result = await db.transaction((tx) => {
      openTransactions.set(tx as unknown as TDb, own);
      return work(tx as unknown as TDb);
    });
  } catch (error) {
    for (const hook of own.hooks) hook(false);
    throw error;
  }
  // A savepoint's hooks wait for the enclosing transaction to end.
  if (outer) outer.hooks.push(...own.hooks);
  else for (const hook of own.hooks) hook(true);
  return result;
}

/**
 * Runs `hook` right after the transaction `db` belongs to ends, saying whether it committed (at
 * once, committed, outside a transaction). Hooks must not throw: the transaction has ended.
 */
export function whenTransactionEnds(db: TDb, hook: TEndHook): void {
  const open = openTransactions.get(db);
  if (open) open.hooks.push(hook);
  else hook(true);
}

/** The handle a transaction was opened on (the app's `db`); `db` itself outside one. */
export const rootOf = (db: TDb): TDb => openTransactions.get(db)?.root ?? db;

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

const RELISTEN_DELAY_MS = 500;

/** One LISTEN connection for all channels, opened on first use and reopened after a loss. */
function createListener(postgres: typeof pg, url: string) {
  const handlers = new Map<string, Set<TNotificationHandler>>();
  let client: Promise<pg.Client> | undefined;
  let closed = false;

  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  function connect(): Promise<pg.Client> {
    const next = new postgres.Client({ connectionString: url });
    next.on('notification', ({ channel, payload }) => {
      for (const handler of handlers.get(channel) ?? []) handler(payload ?? '');
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (closed || client === undefined) return;
      client = undefined;
      setTimeout(() => void reconnect(), RELISTEN_DELAY_MS).unref();
    });
    const ready = (async () => {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${quote(channel)}`);
      return next;
    })();
    ready.catch(() => next.end().catch(() => undefined));
    return ready;
  }

  async function reconnect(): Promise<void> {
    if (closed || client || handlers.size === 0) return;
    client = connect();
    try {
      await client;
    } catch {
      client = undefined;
      setTimeout(() => void reconnect(), RELISTEN_DELAY_MS * 2).unref();
      return;
    }
    for (const set of handlers.values()) for (const handler of set) handler(undefined);
  }

  return {
    async listen(channel: string, handler: TNotificationHandler) {
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      if (!client) client = connect();
      else if (first) await (await client).query(`LISTEN ${quote(channel)}`);
      await client;
      return async () => {
        set.delete(handler);
        if (set.size > 0 || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        const current = await client?.catch(() => undefined);
        await current?.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      const current = await client?.catch(() => undefined);
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
