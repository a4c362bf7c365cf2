import type { FastifyBaseLogger } from 'fastify';
import type { TRunProgress, TRunProgressEvent } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import type { TRealtime } from '../../plugins/realtime';
import { persistently } from '../../lib/persistently';
import { storeEvent } from './runs.repo';

// Streamed tokens are sent in small batches: one event per word would flood clients and storage.
const TOKEN_FLUSH_MS = 60;

/**
 * Numbers a run's progress events, publishes them on `run:{id}` at once and stores them (and the
 * per-node states) in order, so a reload or reconnect shows the same as the live view. While
 * the database is away, events wait in order and are stored once it is back.
 */
export function createRunEventWriter(
  db: TDb,
  realtime: TRealtime,
  log: FastifyBaseLogger,
  runId: string,
  startSeq: number,
) {
  let seq = startSeq;
  let chain: Promise<unknown> = Promise.resolve();
  const tokens = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;

  const persist = (event: TRunProgressEvent) => {
    if (event.type !== 'node-status') return storeEvent(db, event);
    const now = new Date();
    return storeEvent(db, event, {
      status: event.status,
      output: event.output ?? null,
      error: event.error ?? null,
      ...(event.status === 'running' ? { startedAt: now } : {}),
      ...(['succeeded', 'failed', 'cancelled', 'skipped'].includes(event.status)
        ? { finishedAt: now }
        : {}),
      updatedAt: now,
    });
  };

  const emit = (payload: TRunProgress) => {
    seq += 1;
    const event = { runId, seq, ...payload } as TRunProgressEvent;
    realtime.publish(`run:${runId}`, event, { type: payload.type });
    chain = chain
      .then(() =>
        persistently(() => persist(event), {
          onRetry: (error, attempt) => {
            if (attempt === 1)
              log.warn(
                { err: error, runId, seq: event.seq },
                'storing run events waits for the database',
              );
          },
        }),
      )
      .catch((error: unknown) =>
        // Ids only: the event itself holds what the model wrote. The error is logged without
        // the query's parameters (see lib/log-serializers.ts).
        log.error(
          {
            err: error,
            runId,
            seq: event.seq,
            eventType: event.type,
            ...('nodeId' in event ? { nodeId: event.nodeId } : {}),
          },
          'storing a run event failed',
        ),
      );
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
    /** Sends what is buffered and waits until everything is stored. */
    async flush() {
      flushTokens();
      await chain;
      return seq;
    },
  };
}
