/**
 * The embedded database's own thread: PGlite (PostgreSQL in WebAssembly) runs here, so its work
 * does not compete with HTTP and the run engine on the main thread. `pglite-client.ts` is the
 * other end; the messages are `TPgliteRequest` and `TPgliteReply`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type ParserOptions, type Transaction } from '@electric-sql/pglite';
import type {
  TPgliteNotice,
  TPgliteOpen,
  TPgliteReply,
  TPgliteRequest,
  TPgliteError,
} from './pglite-protocol';

const port = parentPort!;
const { dataDir, options } = workerData as TPgliteOpen;

const keepAsText = (value: string) => value;

/** Values of these types stay text here: the client runs its own parsers on them. */
function textParsers(typeIds: number[]): ParserOptions {
  return Object.fromEntries(typeIds.map((typeId) => [typeId, keepAsText]));
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
      const on = request.tx === undefined ? client : openTransaction(request.tx).tx;
      const parsers = textParsers(request.textTypes);
      return on.query(request.sql, request.params, { rowMode: request.rowMode, parsers });
    }
    case 'exec':
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
      await client.close();
      return undefined;
  }
}

function openTransaction(id: number): TOpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error('The transaction has already ended');
  return open;
}

async function main(): Promise<void> {
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, options);
  } catch (error) {
    port.postMessage({ id: 0, ok: false, error: plainError(error) } satisfies TPgliteReply);
    return;
  }
  port.postMessage({ id: 0, ok: true } satisfies TPgliteReply);
  port.on('message', (request: TPgliteRequest) => {
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
