import type { TRunProgressEvent } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { eventsAfter } from './runs.repo';

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

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
      if (event.type === 'run-status' && FINISHED.has(event.status)) return;
    }
    if (!events.length) await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
