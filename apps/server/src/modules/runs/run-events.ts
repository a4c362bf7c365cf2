import type { FastifyBaseLogger } from 'fastify';
import type { TRunProgress, TRunProgressEvent } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import type { TRealtime } from '../../plugins/realtime';
import { persistently } from '../../lib/persistently';
import type { TReqLogToPrice } from '../models/models.repo';
import { publishReqLogs } from '../models/request-log';
import { storeEvents, type TStoredEvent } from './runs.repo';

// Streamed tokens are sent in small batches: one event per word would flood clients and storage.
const TOKEN_FLUSH_MS = 60;
// Stored events may lag the published ones by this much; readers catch up from the store. Each
// write is a statement on the database every run shares, so a run that ends within its first
// window stores everything with its end, in one.
const FLUSH_MS = 250;
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
 * per-node states) in order, so a reload or reconnect shows the same as the live view. Writes are
 * at least `FLUSH_MS` apart and one is under way at a time: what comes meanwhile is stored
 * together in the next one, in one statement, and the last ones with the run's end. So a chain of
 * quick nodes costs a write per window, not per node, and a run that ends within its first
 * window stores all its events with its end. The run's request-log rows (`logRequest`) go in the
 * same writes and are shown live once stored. While the database is away, events wait in order
 * and are stored once it is back.
 */
export function createRunEventWriter(
  db: TDb,
  realtime: TRealtime,
  log: FastifyBaseLogger,
  run: { id: string; projectId: string; seq: number },
) {
  const runId = run.id;
  let seq = run.seq;
  let pending: TStoredEvent[] = [];
  let pendingLogs: TReqLogToPrice[] = [];
  let writing: Promise<void> | undefined;
  let scheduled: NodeJS.Timeout | undefined;
  let lastWriteAt = -Infinity;
  // Until its nodes start (`begin`), a run's events wait: its start is stored with their first
  // events, or with its end if it ends before.
  let held = true;
  const tokens = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;

  const onRetry = (error: unknown, attempt: number) => {
    if (attempt === 1) log.warn({ err: error, runId }, 'storing run events waits for the database');
  };

  // Ids only: the events hold what the model wrote. The error is logged without the query's
  // parameters (see lib/log-serializers.ts).
  const failed = (error: unknown, batch: TStoredEvent[]) => {
    const first = batch[0]?.event;
    log.error(
      {
        err: error,
        runId,
        events: batch.length,
        ...(first
          ? {
              seq: first.seq,
              eventType: first.type,
              ...('nodeId' in first ? { nodeId: first.nodeId } : {}),
            }
          : {}),
      },
      'storing a run event failed',
    );
  };

  const store = async (batch: TStoredEvent[], logs: TReqLogToPrice[]) => {
    try {
      const rows = await persistently(() => storeEvents(db, runId, batch, { logs }), { onRetry });
      publishReqLogs(realtime, run.projectId, rows);
    } catch (error) {
      failed(error, batch);
      // Events that cannot be stored must not take the request log with them.
      if (batch.length > 0 && logs.length > 0) await store([], logs);
    }
  };

  const write = () => {
    scheduled = undefined;
    if (writing || (pending.length === 0 && pendingLogs.length === 0)) return;
    const batch = pending;
    const logs = pendingLogs;
    pending = [];
    pendingLogs = [];
    lastWriteAt = performance.now();
    writing = store(batch, logs).finally(() => {
      writing = undefined;
      schedule();
    });
  };

  const schedule = () => {
    if (held || writing || scheduled || (pending.length === 0 && pendingLogs.length === 0)) return;
    scheduled = setTimeout(write, Math.max(0, lastWriteAt + FLUSH_MS - performance.now()));
  };

  const emit = (payload: TRunProgress) => {
    seq += 1;
    const event = { runId, seq, ...payload } as TRunProgressEvent;
    realtime.publish(`run:${runId}`, event, { type: payload.type });
    pending.push(stored(event));
    schedule();
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

    /** Stores a request-log row of the run with its next write. */
    logRequest(values: TReqLogToPrice) {
      pendingLogs.push(values);
      schedule();
    },

    /**
     * The run's nodes start now: its first write waits a window from here, so that it stores
     * their first events with the run's start.
     */
    begin() {
      held = false;
      lastWriteAt = performance.now();
      schedule();
    },

    /**
     * Sends what is buffered and stores the events and request-log rows not stored yet with
     * `end`, which gets them and the last event's number (to store as the run's counter), stores
     * all in one statement and answers with the request-log rows it stored, shown live then;
     * tried until the database takes it. If it cannot be stored at all, the request-log rows are
     * stored on their own and `end` without the events: a run must not stay unfinished because
     * of its events.
     */
    async close<T>(
      end: (
        events: TStoredEvent[],
        seq: number,
        logs: TReqLogToPrice[],
      ) => Promise<{ result: T; logs: Array<Record<string, unknown>> }>,
    ): Promise<T> {
      flushTokens();
      for (;;) {
        if (scheduled) clearTimeout(scheduled);
        scheduled = undefined;
        if (!writing) break;
        await writing;
      }
      const batch = pending;
      const logs = pendingLogs;
      pending = [];
      pendingLogs = [];
      try {
        const ended = await persistently(() => end(batch, seq, logs), { onRetry });
        publishReqLogs(realtime, run.projectId, ended.logs);
        return ended.result;
      } catch (error) {
        if (batch.length === 0 && logs.length === 0) throw error;
        failed(error, batch);
        if (logs.length > 0) await store([], logs);
        return (await persistently(() => end([], seq, []), { onRetry })).result;
      }
    },
  };
}
