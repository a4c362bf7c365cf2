import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  JSON_TYPES,
  type TPgliteCall,
  type TPgliteNotice,
  type TPgliteOpen,
  type TPgliteUpkeep,
  type TPgliteReply,
  type TPgliteRequest,
} from './pglite-protocol';
import { isDatabase } from './pglite-files';
import { serverDir } from '../paths';

/** What drizzle-orm/pglite, its migrator and our code use of PGlite, or of a transaction. */
export type TPgliteQueries = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
};

type TPending = { resolve(result: unknown): void; reject(error: Error): void };

/**
 * The thread's module: built into `dist/db/pglite-worker.js`, or run from source (tests,
 * benchmarks, `npm run dev`) through tsx's loader, which a worker thread does not inherit.
 */
function workerSource(): { code: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) {
    return {
      code: pathToFileURL(path.join(serverDir, 'dist', 'db', 'pglite-worker.js')),
      eval: false,
    };
  }
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return { code, eval: true };
}

const jsonParsers = Object.fromEntries(JSON_TYPES.map((typeId) => [typeId, JSON.parse]));

/**
 * The parsers a query asks for, run here on the text values the thread sends back; JSON values
 * come as text too, parsed here as PGlite would unless the query has its own parser for them.
 */
function applyParsers<T>(result: Results<T>, { parsers, rowMode }: QueryOptions): Results<T> {
  const columns = result.fields.flatMap(({ name, dataTypeID }, index) => {
    const parse = parsers?.[dataTypeID] ?? jsonParsers[dataTypeID];
    return parse ? [{ key: rowMode === 'array' ? index : name, parse }] : [];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parse } of columns) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value);
    }
  }
  return result;
}

/**
 * PGlite in a worker thread, so PostgreSQL's work runs on another core than HTTP and the run
 * engine. Statements and transactions keep PGlite's own order: one transaction at a time, and
 * other statements wait while it is open (PGlite's mutex, in the thread).
 */
export class PgliteWorkerClient implements TPgliteQueries {
  readonly #worker: Worker;
  readonly #pending = new Map<number, TPending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #closed = false;

  private constructor(open: TPgliteOpen) {
    const source = workerSource();
    this.#worker = new Worker(source.code, { eval: source.eval, workerData: open });
    this.#worker.on('message', (message: TPgliteReply | TPgliteNotice) => {
      if ('channel' in message) {
        for (const handler of this.#listeners.get(message.channel) ?? []) handler(message.payload);
        return;
      }
      this.#settle(message);
    });
    const fail = (error: Error) => {
      this.#closed = true;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', () => fail(new Error('The embedded database has stopped')));
  }

  /**
   * Opens PGlite on its thread: a folder, or memory when `dataDir` is undefined. With a
   * `template` the thread first copies that database folder into an empty `dataDir`. `upkeep`:
   * when the thread vacuums, other than by default. The thread starts before this returns to the
   * event loop.
   */
  static async open(
    dataDir: string | undefined,
    template?: string,
    upkeep?: TPgliteUpkeep,
  ): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient({ dataDir, template, upkeep });
    const opened = new Promise<unknown>((resolve, reject) => client.#wait(0, { resolve, reject }));
    try {
      await opened;
    } catch (error) {
      await client.#worker.terminate();
      throw error;
    }
    return client;
  }

  get closed(): boolean {
    return this.#closed;
  }

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined);
  }

  async exec(sql: string): Promise<Results[]> {
    return (await this.#call({ op: 'exec', sql })) as Results[];
  }

  /** Commits when `work` resolves, rolls back when it throws. */
  async transaction<T>(work: (tx: TPgliteQueries) => Promise<T>): Promise<T> {
    const { id, reply } = this.#send({ op: 'begin' });
    await reply;
    const tx: TPgliteQueries = {
      query: (sql, params, options) => this.#query(sql, params, options, id),
      exec: async (sql) => (await this.#call({ op: 'exec', sql, tx: id })) as Results[],
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      await this.#call({ op: 'end', tx: id, commit: false });
      throw error;
    }
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** PGlite's `listen`: `channel` named as in a LISTEN statement. */
  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    let handlers = this.#listeners.get(channel);
    if (!handlers) {
      this.#listeners.set(channel, (handlers = new Set()));
      try {
        await this.#call({ op: 'listen', channel });
      } catch (error) {
        this.#listeners.delete(channel);
        throw error;
      }
    }
    handlers.add(handler);
    return async () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.#listeners.get(channel) !== handlers) return;
      this.#listeners.delete(channel);
      await this.#call({ op: 'unlisten', channel });
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#call({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }

  async #query<T>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx: number | undefined,
  ): Promise<Results<T>> {
    const { parsers, rowMode, ...rest } = options ?? {};
    // Functions and blobs cannot cross to the thread: refuse what would silently change.
    const unsupported = Object.keys(rest).filter((key) => rest[key as keyof typeof rest]);
    if (unsupported.length > 0) {
      throw new Error(`The embedded database's queries take no ${unsupported.join(', ')}`);
    }
    const textTypes = Object.keys(parsers ?? {}).map(Number);
    const request = { op: 'query', sql, params, rowMode, textTypes, tx } as const;
    return applyParsers((await this.#call(request)) as Results<T>, { parsers, rowMode });
  }

  #call(request: TPgliteCall): Promise<unknown> {
    return this.#send(request).reply;
  }

  #send(request: TPgliteCall): { id: number; reply: Promise<unknown> } {
    const id = this.#nextId++;
    const reply = new Promise<unknown>((resolve, reject) => {
      if (this.#closed) throw new Error('The embedded database is closed');
      this.#wait(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } satisfies TPgliteRequest);
    });
    return { id, reply };
  }

  /** The thread keeps the process alive only while an answer is awaited, as PGlite did. */
  #wait(id: number, pending: TPending): void {
    if (this.#pending.size === 0) this.#worker.ref();
    this.#pending.set(id, pending);
  }

  #settle(reply: TPgliteReply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) pending.resolve(reply.result);
    else pending.reject(Object.assign(new Error(reply.error.message), reply.error));
  }
}

/** An embedded database being opened: its client to come, and whether it is a template copy. */
export type TEmbeddedStart = { opening: Promise<PgliteWorkerClient>; fromTemplate: boolean };

/**
 * Starts the thread of the embedded database in `dataDir` at once, so that it loads PGlite and
 * opens the folder while the process loads everything else. A folder without a database starts
 * as a copy of `template` when that holds one (see pglite-template.ts, which checks the copy).
 */
export function startEmbeddedDatabase(dataDir: string, template?: string): TEmbeddedStart {
  mkdirSync(dataDir, { recursive: true });
  const fromTemplate = template !== undefined && isDatabase(template) && !isDatabase(dataDir);
  const opening = PgliteWorkerClient.open(dataDir, fromTemplate ? template : undefined);
  // Awaited by whoever opens the database; until then a failure must not go unhandled.
  opening.catch(() => undefined);
  return { opening, fromTemplate };
}
