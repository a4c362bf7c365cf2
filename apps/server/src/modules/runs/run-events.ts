import type { FastifyBaseLogger } from 'fastify';
import type { TRunProgress, TRunProgressEvent } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import type { TRealtime } from '../../plugins/realtime';
import { persistently } from '../../lib/persistently';
import { storeEvents, type TStoredEvent } from './runs.repo';

// Streamed tokens are sent in small batches: one event per word would flood clients and storage.
const TOKEN_FLUSH_MS = 60;
const ENDED = ['succeeded', 'failed', 'cancelled', 'skipped'];

function stored(event: TRunProgressEvent): TStoredEvent {
  if (event.type !== 'node-status') return { event };
  // Timed when it happened, not when written, so a batch tried again writes the same.
  const now = new Date();
  return {
    event,
    nodeState: {
      status: event.status,
      output: event.output ?? null,
      error: event.error ?? null,
      ...(event.status === 'running' ? { startedAt: now } : {}),
      ...(ENDED.includes(event.status) ? { finishedAt: now } : {}),
      updatedAt: now,
    },
  };
}

/**
 * Numbers a run's progress events, publishes them on `run:{id}` at once and stores them (and the
 * per-node states) in order, so a reload or reconnect shows the same as the live view. One write
 * is under way at a time: what comes meanwhile is stored together in the next one, in one
 * statement, and the last ones with the run's end. While the database is away, events wait in
 * order and are stored once it is back.
 */
export function createRunEventWriter(
  db: TDb,
  realtime: TRealtime,
  log: FastifyBaseLogger,
  runId: string,
  startSeq: number,
) {
  let seq = startSeq;
  let pending: TStoredEvent[] = [];
  let writing: Promise<void> | undefined;
  let scheduled: NodeJS.Immediate | undefined;
  const tokens = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;

  const onRetry = (error: unknown, attempt: number) => {
    if (attempt === 1) log.warn({ err: error, runId }, 'storing run events waits for the database');
  };

  // Ids only: the events hold what the model wrote. The error is logged without the query's
  // parameters (see lib/log-serializers.ts).
  const failed = (error: unknown, batch: TStoredEvent[]) => {
    const first = batch[0]!.event;
    log.error(
      {
        err: error,
        runId,
        seq: first.seq,
        events: batch.length,
        eventType: first.type,
        ...('nodeId' in first ? { nodeId: first.nodeId } : {}),
      },
      'storing a run event failed',
    );
  };

  const write = () => {
    scheduled = undefined;
    if (writing || pending.length === 0) return;
    const batch = pending;
    pending = [];
    // One statement, atomic on its own: a transaction around it would add two round trips.
    writing = persistently(() => storeEvents(db, runId, batch), { onRetry })
      .catch((error: unknown) => failed(error, batch))
      .finally(() => {
        writing = undefined;
        write();
      });
  };

  const emit = (payload: TRunProgress) => {
    seq += 1;
    const event = { runId, seq, ...payload } as TRunProgressEvent;
    realtime.publish(`run:${runId}`, event, { type: payload.type });
    pending.push(stored(event));
    // Events of the same moment (a node ending, the next one starting) go in one write.
    scheduled ??= setImmediate(write);
  };

  const flushTokens = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    for (const [nodeId, delta] of tokens) emit({ type: 'node-token', nodeId, delta });
    tokens.clear();
  };

  return {
    push(payload: TRunProgress) {
      if (payload.type === 'node-token') {
        tokens.set(payload.nodeId, (tokens.get(payload.nodeId) ?? '') + payload.delta);
        timer ??= setTimeout(flushTokens, TOKEN_FLUSH_MS);
        return;
      }
      flushTokens();
      emit(payload);
    },

    /**
     * Sends what is buffered and stores the events not stored yet with `end`, which gets them and
     * the last event's number (to store as the run's counter) and stores all in one statement;
     * tried until the database takes it. If the events cannot be stored at all, `end` is still
     * stored without them: a run must not stay unfinished because of its events.
     */
    async close<T>(end: (events: TStoredEvent[], seq: number) => Promise<T>): Promise<T> {
      flushTokens();
      if (scheduled) clearImmediate(scheduled);
      scheduled = undefined;
      while (writing) await writing;
      const batch = pending;
      pending = [];
      try {
        return await persistently(() => end(batch, seq), { onRetry });
      } catch (error) {
        if (batch.length === 0) throw error;
        failed(error, batch);
        return persistently(() => end([], seq), { onRetry });
      }
    },
  };
}
