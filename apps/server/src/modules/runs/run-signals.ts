import { EventEmitter } from 'node:events';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { rootOf, whenTransactionEnds, type TDatabase, type TDb } from '../../db/database';

/**
 * What one process tells the others about a run, through PostgreSQL NOTIFY: `queued` for the
 * in-process queue, `job` for a run queued with a pg-boss job. `worker` and `away` carry a pg-boss
 * worker's id instead: it takes runs, or no longer does.
 */
export type TRunSignal = 'queued' | 'job' | 'cancel' | 'done' | 'worker' | 'away';

const CHANNEL = 'flowsmith_runs';
const SIGNALS: readonly string[] = [
  'queued',
  'job',
  'cancel',
  'done',
  'worker',
  'away',
] satisfies TRunSignal[];
// Runs enqueued here and not seen to end that are remembered; beyond, the oldest are forgotten
// (their waiters read them first, as for any other run).
const MAX_UNENDED = 10_000;

// On the embedded database every listener is in this process: its signals are handed over
// here, without a NOTIFY statement on the server's only thread.
const localListeners = new WeakMap<TDb, Set<(payload: string) => void>>();

/**
 * Sends a signal about a run. Inside a transaction it is delivered when (and only if) the
 * transaction commits, so a listener never sees a run its transaction has not stored yet.
 */
export async function signalRun(db: TDb, signal: TRunSignal, runId: string): Promise<void> {
  const inStatement = signalOf(db, signal, runId);
  if (inStatement) {
    await db.execute(sql`select ${inStatement}`);
    return;
  }
  const local = localListeners.get(rootOf(db))!;
  const payload = `${signal}:${runId}`;
  whenTransactionEnds(db, (committed) => {
    if (committed) queueMicrotask(() => local.forEach((listener) => listener(payload)));
  });
}

/**
 * The expression that sends a signal, for a statement that sends it with its own work; none on
 * the embedded database, where `signalRun` hands it over in the process without a statement.
 * `detail`, text the statement computes (or null), goes with it to the listeners' handlers.
 */
export function signalOf(
  db: TDb,
  signal: TRunSignal,
  runId: string | Placeholder | SQL,
  detail?: SQL,
): SQL | undefined {
  if (localListeners.has(rootOf(db))) return undefined;
  // A placeholder's run, for a statement built once: the same text, joined by the statement.
  let payload: SQL | string =
    typeof runId === 'string' ? `${signal}:${runId}` : sql`${`${signal}:`}::text || ${runId}::text`;
  if (detail) payload = sql`${payload} || coalesce(':' || (${detail}), '')`;
  return sql`pg_notify(${CHANNEL}, ${payload})`;
}

/**
 * This process's view of the signals: one LISTEN shared by everything that waits. `resync`
 * fires after the listening connection came back, because signals sent meanwhile are lost.
 */
export async function listenForRunSignals(database: TDatabase) {
  const events = new EventEmitter().setMaxListeners(0);
  // Runs enqueued by this process while it listened whose `done` has not come: none of them
  // has ended, since every end sends `done`. A lost connection may have lost some: all forgotten.
  const unended = new Set<string>();
  const receive = (payload: string | undefined) => {
    if (payload === undefined) {
      unended.clear();
      return void events.emit('resync');
    }
    const at = payload.indexOf(':');
    const signal = payload.slice(0, at);
    // The id, then what the statement that sent it added (see `signalOf`), if anything.
    const end = payload.indexOf(':', at + 1);
    const id = end < 0 ? payload.slice(at + 1) : payload.slice(at + 1, end);
    if (signal === 'done') unended.delete(id);
    if (SIGNALS.includes(signal))
      events.emit(signal, id, end < 0 ? undefined : payload.slice(end + 1));
  };
  const stop = await database.listen(CHANNEL, receive);
  let local: Set<(payload: string) => void> | undefined;
  if (database.kind === 'pglite') {
    local = localListeners.get(database.db) ?? new Set();
    localListeners.set(database.db, local.add(receive));
  }
  return {
    on(signal: TRunSignal | 'resync', handler: (runId: string, detail?: string) => void) {
      events.on(signal, handler);
      return () => void events.off(signal, handler);
    },
    /** Notes a run this process is enqueueing (before its commit, so before it can end). */
    enqueueing(runId: string) {
      if (unended.size >= MAX_UNENDED) unended.delete(unended.values().next().value!);
      unended.add(runId);
    },
    /**
     * Whether the run is known not to have ended before now: enqueued here, its `done` not
     * received, and no signal lost since. Its waiter then needs to read nothing before `done`.
     */
    notEnded: (runId: string) => unended.has(runId),
    close: () => {
      local?.delete(receive);
      return stop();
    },
  };
}

export type TRunSignals = Awaited<ReturnType<typeof listenForRunSignals>>;
