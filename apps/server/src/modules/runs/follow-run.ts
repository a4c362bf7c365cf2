import type { TRunProgressEvent } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import type { TRunExecutor } from './run-executor';
import { eventsAfter } from './runs.repo';

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

const isEnd = (event: TRunProgressEvent) =>
  event.type === 'run-status' && FINISHED.has(event.status);

/**
 * A run's progress events in order, read from the stored events (whichever process executes
 * the run), until its final status or `signal` aborts.
 */
export async function* followRun(
  db: TDb,
  runId: string,
  signal: AbortSignal,
  pollMs = 100,
): AsyncGenerator<TRunProgressEvent> {
  let after = 0;
  while (!signal.aborted) {
    const events = (await eventsAfter(db, runId, after, 1000)) as unknown as TRunProgressEvent[];
    for (const event of events) {
      after = event.seq;
      yield event;
      if (isEnd(event)) return;
    }
    if (!events.length) await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * `followRun` for a caller who is the run's only audience (an API stream): when it goes away
 * (`signal`) or stops reading before the end, the run is cancelled, and with it its model calls.
 */
export async function* followRunOrCancel(
  deps: { db: TDb; executor: TRunExecutor },
  runId: string,
  signal: AbortSignal,
): AsyncGenerator<TRunProgressEvent> {
  let ended = false;
  try {
    for await (const event of followRun(deps.db, runId, signal)) {
      ended = isEnd(event);
      yield event;
    }
  } finally {
    if (!ended) await deps.executor.cancel(runId);
  }
}
