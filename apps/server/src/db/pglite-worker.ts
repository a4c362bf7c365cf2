/**
 * The embedded database's own thread: PGlite (PostgreSQL in WebAssembly) runs here, so its work
 * does not compete with HTTP and the run engine on the main thread. `pglite-client.ts` is the
 * other end; the messages are `TPgliteRequest` and `TPgliteReply`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type {
  messages,
  PGlite,
  ParserOptions,
  QueryOptions,
  Results,
  Transaction,
} from '@electric-sql/pglite';
import type * as PgliteModule from '@electric-sql/pglite';
import { copyFolder, isDatabase } from './pglite-files';
import {
  JSON_TYPES,
  type TPgliteNotice,
  type TPgliteOpen,
  type TPgliteReply,
  type TPgliteRequest,
  type TPgliteError,
  type TPgliteUpkeep,
} from './pglite-protocol';

// A look every minute; a pass once ten thousand statements have run since the last one (an
// hour of a small team's use, a minute of a busy server's).
const UPKEEP: TPgliteUpkeep = { checkMs: 60_000, afterStatements: 10_000 };

const port = parentPort!;
const { dataDir, template, upkeep = UPKEEP } = workerData as TPgliteOpen;

const keepAsText = (value: string) => value;

/**
 * Values of these types stay text here: the client runs its own parsers on them. JSON always
 * does: a string crosses to the client far cheaper than the objects parsed from it. Made once
 * per set of types: nearly every statement asks for the same (none of its own).
 */
const parserSets = new Map<string, ParserOptions>();
function textParsers(typeIds: number[]): ParserOptions {
  const key = typeIds.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) {
    const types = [...typeIds, ...JSON_TYPES];
    parsers = Object.fromEntries(types.map((typeId) => [typeId, keepAsText]));
    parserSets.set(key, parsers);
  }
  return parsers;
}

/** PGlite's module, loaded by `main` while a new database's files are copied. */
let pglite: typeof PgliteModule;

/** A statement prepared under `name`, and the types of its parameters. */
type TPrepared = { name: string; paramTypes: number[] };

/**
 * The app's statements with parameters, prepared under a name on first use (PGlite's `query`
 * parses, analyses and plans every statement each time, and crosses into WebAssembly six times
 * for it). Keyed by SQL text; the oldest is closed once there are more than `MAX_PREPARED`.
 * Statements without parameters (migrations, DDL) take PGlite's own path and are never kept.
 */
const prepared = new Map<string, TPrepared>();
const MAX_PREPARED = 256;
let nextStatement = 1;
/** Statements to close before the next one runs (evicted, or forgotten after an `exec`). */
let toClose: string[] = [];

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    message.set(part, at);
    at += part.length;
  }
  return message;
}

/** PGlite's own error decoration, so errors read the same on either path. */
function withQuery(error: unknown, sql: string, params: unknown[]): unknown {
  if (error instanceof Error) Object.assign(error, { query: sql, params });
  return error;
}

async function prepare(client: PGlite, sql: string): Promise<TPrepared> {
  const known = prepared.get(sql);
  if (known) {
    // Most recently used last, so eviction takes the least recently used.
    prepared.delete(sql);
    prepared.set(sql, known);
    return known;
  }
  const name = `flowsmith_${nextStatement++}`;
  const closing = toClose.map((old) => pglite.protocol.serialize.close({ type: 'S', name: old }));
  toClose = [];
  const messages = await client.execProtocolStream(
    concat([
      ...closing,
      pglite.protocol.serialize.parse({ name, text: sql }),
      pglite.protocol.serialize.describe({ type: 'S', name }),
      pglite.protocol.serialize.sync(),
    ]),
    { syncToFs: false },
  );
  const statement = { name, paramTypes: pglite.parse.parseDescribeStatementResults(messages) };
  prepared.set(sql, statement);
  if (prepared.size > MAX_PREPARED) {
    const [oldest] = prepared;
    prepared.delete(oldest![0]);
    toClose.push(oldest![1].name);
  }
  return statement;
}

/**
 * PGlite's `query` for a statement with parameters, through its prepared statement: bind,
 * describe, execute and sync in one crossing. The caller holds PGlite's query lock.
 */
async function runPrepared(
  client: PGlite,
  sql: string,
  params: unknown[],
  options: QueryOptions,
): Promise<Results> {
  try {
    const { name, paramTypes } = await prepare(client, sql);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[paramTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await client.execProtocolStream(
      concat([
        pglite.protocol.serialize.bind({ statement: name, values }),
        pglite.protocol.serialize.describe({ type: 'P' }),
        pglite.protocol.serialize.execute({}),
        pglite.protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return toResult(messages, client.parsers, options);
  } catch (error) {
    throw withQuery(error, sql, params);
  }
}

/**
 * PGlite's `parseResults` for one statement's messages, with the same result. It merges all of
 * PGlite's parsers with the query's into a new object for every statement and looks each value's
 * parser up again; this picks each column's parser once.
 */
function toResult(
  messages: messages.BackendMessage[],
  defaults: ParserOptions,
  { parsers, rowMode }: QueryOptions,
): Results {
  let fields: Results['fields'] = [];
  let columns: { name: string; parse: ((value: string, typeId: number) => unknown) | undefined }[] =
    [];
  const rows: unknown[] = [];
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as messages.RowDescriptionMessage).fields.map(({ name, dataTypeID }) => ({
        name,
        dataTypeID,
      }));
      columns = fields.map(({ name, dataTypeID }) => ({
        name,
        parse: parsers?.[dataTypeID] ?? defaults[dataTypeID],
      }));
    } else if (message.name === 'dataRow') {
      const values = (message as messages.DataRowMessage).fields.map((value, index) => {
        const parser = columns[index]!.parse;
        return value === null || !parser ? value : parser(value, fields[index]!.dataTypeID);
      });
      rows.push(
        rowMode === 'array'
          ? values
          : Object.fromEntries(values.map((value, index) => [columns[index]!.name, value])),
      );
    } else if (message.name === 'commandComplete') {
      const words = (message as messages.CommandCompleteMessage).text.split(' ');
      const count = parseInt(words.at(-1)!, 10);
      const counts = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]!);
      return {
        rows,
        fields,
        command: words[0],
        affectedRows: counts ? count : 0,
        ...(Number.isNaN(count) ? {} : { rowCount: count }),
      } as Results;
    }
  }
  return { rows: [], fields: [], affectedRows: 0 };
}

/** Forgets every prepared statement, closed before the next statement is prepared. */
function forgetPrepared(): void {
  for (const { name } of prepared.values()) toClose.push(name);
  prepared.clear();
}

/**
 * What a structured clone keeps of an error: its message and its plain fields (PostgreSQL's
 * `code`, `constraint`, `detail`…), not the query options PGlite attaches (they hold functions).
 */
function plainError(error: unknown): TPgliteError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: TPgliteError = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

/** An open transaction: its handle, how to end it, and its end (after COMMIT or ROLLBACK). */
type TOpenTransaction = { tx: Transaction; end(commit: boolean): void; ended: Promise<void> };
const transactions = new Map<number, TOpenTransaction>();
const stopListening = new Map<string, () => Promise<void>>();
/** Rejecting the transaction's callback is how PGlite is told to roll back. */
const ROLLBACK = Symbol('rollback');

/** Opens a transaction that stays open until its `end` message; its statements then wait. */
function begin(client: PGlite, id: number): Promise<void> {
  return new Promise((opened, failed) => {
    let end: (commit: boolean) => void = () => undefined;
    const decided = new Promise<boolean>((resolve) => (end = resolve));
    const ended = client
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, ended });
        opened();
        if (!(await decided)) throw ROLLBACK;
      })
      .then(
        () => undefined,
        (error: unknown) => {
          if (error !== ROLLBACK) throw error;
        },
      )
      .finally(() => transactions.delete(id));
    // A BEGIN that fails never reaches the callback.
    ended.catch(failed);
  });
}

async function handle(client: PGlite, request: TPgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const options = { rowMode: request.rowMode, parsers: textParsers(request.textTypes) };
      const { sql, params, tx } = request;
      if (!params?.length) {
        return (tx === undefined ? client : openTransaction(tx).tx).query(sql, params, options);
      }
      // PGlite's locks as its `query` takes them: a transaction's own statements hold its lock.
      if (tx !== undefined) openTransaction(tx);
      const run = () => client.runExclusive(() => runPrepared(client, sql, params, options));
      if (tx !== undefined) return run();
      return client._runExclusiveTransaction(async () => {
        const result = await run();
        await client.syncToFs();
        return result;
      });
    }
    case 'exec':
      // What `exec` runs may change the tables a prepared statement reads.
      forgetPrepared();
      return (request.tx === undefined ? client : openTransaction(request.tx).tx).exec(request.sql);
    case 'begin':
      return begin(client, request.id);
    case 'end': {
      const open = openTransaction(request.tx);
      open.end(request.commit);
      return open.ended;
    }
    case 'listen':
      stopListening.set(
        request.channel,
        await client.listen(request.channel, (payload) =>
          port.postMessage({ channel: request.channel, payload } satisfies TPgliteNotice),
        ),
      );
      return undefined;
    case 'unlisten':
      await stopListening.get(request.channel)?.();
      stopListening.delete(request.channel);
      return undefined;
    case 'close':
      closing = true;
      await client.close();
      return undefined;
  }
}

/** Every table of the app's schemas, quoted, for `upkeepPass`. */
const TABLES = `select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'm') and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg_toast%'
  order by 1`;

let statementsSinceUpkeep = 0;
let upkeepUnderWay = false;
let closing = false;

/**
 * What PostgreSQL's autovacuum does on a server: PGlite runs PostgreSQL as one process, where no
 * autovacuum worker ever starts. Without it the tables updated in place (runs, sessions, rate
 * limits, counters) keep every dead version of their rows, their indexes grow with them, and the
 * planner never gets statistics for tables that grew. Once `upkeep.afterStatements` statements
 * have run since the last pass, each table is vacuumed and analysed, one at a time: a statement
 * that comes meanwhile waits for the table under way only, not for the whole pass.
 */
async function upkeepPass(client: PGlite): Promise<void> {
  if (upkeepUnderWay || closing || statementsSinceUpkeep < upkeep.afterStatements) return;
  upkeepUnderWay = true;
  statementsSinceUpkeep = 0;
  try {
    const { rows } = await client.query<{ name: string }>(TABLES);
    for (const { name } of rows) {
      if (closing) break;
      await client.exec(`vacuum (analyze) ${name}`);
    }
  } catch (error) {
    // The thread has no logger of the app's: this goes to the process's standard error.
    if (!closing) console.error('Vacuuming the embedded database failed:', error);
  } finally {
    upkeepUnderWay = false;
  }
}

function openTransaction(id: number): TOpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error('The transaction has already ended');
  return open;
}

/** Copies `template` into `dataDir` unless that holds a database; whether it did. */
async function copyTemplate(): Promise<boolean> {
  if (dataDir === undefined || template === undefined || isDatabase(dataDir)) return false;
  await copyFolder(template, dataDir);
  return true;
}

async function main(): Promise<void> {
  let client: PGlite;
  try {
    // The copy runs on libuv's threads while this one loads and compiles PGlite.
    const [loaded] = await Promise.all([import('@electric-sql/pglite'), copyTemplate()]);
    pglite = loaded;
    client = await pglite.PGlite.create(
      dataDir,
      // PostgreSQL's default 128 MB of shared buffers are mostly resident memory in WebAssembly,
      // where nothing else shares them; a small instance's working set fits in far less, and the
      // operating system caches the files below them anyway. Only for a database that exists:
      // initdb (a new folder without the template, an in-memory test database) is slower with
      // them.
      dataDir !== undefined && isDatabase(dataDir)
        ? { startParams: [...pglite.PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] }
        : {},
    );
  } catch (error) {
    port.postMessage({ id: 0, ok: false, error: plainError(error) } satisfies TPgliteReply);
    return;
  }
  port.postMessage({ id: 0, ok: true } satisfies TPgliteReply);
  setInterval(() => void upkeepPass(client), upkeep.checkMs).unref();
  port.on('message', (request: TPgliteRequest) => {
    if (request.op === 'query' || request.op === 'exec') statementsSinceUpkeep++;
    handle(client, request).then(
      (result) => port.postMessage({ id: request.id, ok: true, result } satisfies TPgliteReply),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          ok: false,
          error: plainError(error),
        } satisfies TPgliteReply),
    );
  });
}

void main();
