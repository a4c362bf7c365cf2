import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { TDatabase, TDb } from '../../db/database';

/** What one process tells the others about a run, through PostgreSQL NOTIFY. */
export type TRunSignal = 'queued' | 'cancel' | 'done';

const CHANNEL = 'flowsmith_runs';
const SIGNALS: readonly string[] = ['queued', 'cancel', 'done'] satisfies TRunSignal[];

/**
 * Sends a signal about a run. Inside a transaction it is delivered when (and only if) the
 * transaction commits, so a listener never sees a run its transaction has not stored yet.
 */
export async function signalRun(db: TDb, signal: TRunSignal, runId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${`${signal}:${runId}`})`);
}

/**
 * This process's view of the signals: one LISTEN shared by everything that waits. `resync`
 * fires after the listening connection came back, because signals sent meanwhile are lost.
 */
export async function listenForRunSignals(database: TDatabase) {
  const events = new EventEmitter().setMaxListeners(0);
  const stop = await database.listen(CHANNEL, (payload) => {
    if (payload === undefined) return void events.emit('resync');
    const at = payload.indexOf(':');
    const signal = payload.slice(0, at);
    if (SIGNALS.includes(signal)) events.emit(signal, payload.slice(at + 1));
  });
  return {
    on(signal: TRunSignal | 'resync', handler: (runId: string) => void) {
      events.on(signal, handler);
      return () => void events.off(signal, handler);
    },
    close: stop,
  };
}

export type TRunSignals = Awaited<ReturnType<typeof listenForRunSignals>>;
