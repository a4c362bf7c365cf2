import type { TDb } from '../../db/database';
import { signalRun, type TRunSignals } from './run-signals';
import { queuedRunIds } from './runs.repo';

export type TRunWorker = (runId: string) => Promise<void>;

/**
 * Runs are handed to a queue and executed by a worker; a route never runs a workflow inline.
 * Two implementations: in-process (the default on the embedded database) and pg-boss.
 */
export type TRunQueue = {
  readonly kind: 'in-process' | 'pg-boss';
  /**
   * Hands a stored run to the workers, inside the transaction `tx` that inserted it: a rolled
   * back insert enqueues nothing, a committed one is never lost.
   */
  enqueue(tx: TDb, runId: string): Promise<void>;
  /** Starts taking runs for `worker`, at most `concurrency` at once; 0 takes none. */
  start(worker: TRunWorker, concurrency: number): Promise<void>;
  /**
   * Stops taking runs and waits for those taken to end (interrupt them first to hurry). Asked
   * again, it waits for the same stop.
   */
  stop(): Promise<void>;
  /** Resolves once every run taken so far has finished. */
  drain(): Promise<void>;
};

/** Runs taken by this process: at most `concurrency`, each ending in `onFree`. */
export function createSlots(concurrency: number, onFree: () => void) {
  const active = new Set<Promise<void>>();
  return {
    free: () => Math.max(0, concurrency - active.size),
    take(work: () => Promise<void>) {
      // The worker reports its own failures; the queue only keeps going.
      const job = work()
        .catch(() => undefined)
        .finally(() => {
          active.delete(job);
          onFree();
        });
      active.add(job);
    },
    async drain() {
      while (active.size > 0) await Promise.allSettled([...active]);
    },
  };
}

/**
 * The in-process queue: the stored `queued` status is the queue; a commit's signal (NOTIFY)
 * wakes this process, and on start it takes up every run still queued. Several processes on one
 * PostgreSQL may share it: claiming a run is one atomic update.
 */
export function createInProcessRunQueue(db: TDb, signals: TRunSignals): TRunQueue {
  const waiting = new Set<string>();
  let slots = createSlots(0, () => undefined);
  let offSignals: Array<() => void> = [];
  let worker: TRunWorker | undefined;

  const pump = () => {
    if (!worker) return;
    for (const runId of waiting) {
      if (slots.free() === 0) return;
      waiting.delete(runId);
      const work = worker;
      slots.take(() => work(runId));
    }
  };
  const add = (runId: string) => {
    waiting.add(runId);
    pump();
  };
  const takeStored = async () => {
    for (const runId of await queuedRunIds(db)) add(runId);
  };

  return {
    kind: 'in-process',
    enqueue: (tx, runId) => signalRun(tx, 'queued', runId),
    async start(work, concurrency) {
      if (concurrency === 0) return;
      worker = work;
      slots = createSlots(concurrency, pump);
      offSignals = [
        signals.on('queued', add),
        signals.on('resync', () => void takeStored().catch(() => undefined)),
      ];
      await takeStored();
    },
    async stop() {
      for (const off of offSignals) off();
      offSignals = [];
      worker = undefined;
      waiting.clear();
      await slots.drain();
    },
    drain: () => slots.drain(),
  };
}
