import type { SQL } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import type { TRunSignal, TRunSignals } from './run-signals';
import { queuedRunIds, type TRunClaim, type TRunLease } from './runs.repo';

/**
 * Executes a run; `claimed` is its claim when it was stored already claimed by this process.
 * `withClaim` is a write the claiming statement makes too, given the claimed run's id, only
 * when it claims the run.
 */
export type TRunWorker = (
  runId: string,
  claimed?: TRunClaim,
  withClaim?: (claimedId: SQL) => SQL,
) => Promise<void>;

/**
 * What hands a run to the workers: data-modifying statements (`writes`, the same objects for
 * every run, their values placeholders filled from `params`) and a `signal`, written by the
 * statement that stores the run, so they commit with it or not at all.
 */
export type TEnqueueing = { writes: SQL[]; params: Record<string, unknown>; signal: TRunSignal };

/**
 * A slot of this process's worker, held for a run about to be stored already claimed with
 * `lease`: `run` executes the stored run in it, `release` gives it back unused.
 */
export type TRunReservation = {
  lease: TRunLease;
  run(claim: TRunClaim): void;
  release(): void;
};

/**
 * Runs are handed to a queue and executed by a worker; a route never runs a workflow inline.
 * Two implementations: in-process (the default on the embedded database) and pg-boss.
 */
export type TRunQueue = {
  readonly kind: 'in-process' | 'pg-boss';
  /**
   * What hands the run `runId`, about to be stored, to the workers (see `insertRun`): a run
   * that is not stored enqueues nothing, a stored one is never lost.
   */
  enqueueing(runId: string): Promise<TEnqueueing>;
  /** Starts taking runs for `worker`, at most `concurrency` at once; 0 takes none. */
  start(worker: TRunWorker, concurrency: number): Promise<void>;
  /**
   * Stops taking runs and waits for those taken to end (interrupt them first to hurry). Asked
   * again, it waits for the same stop.
   */
  stop(): Promise<void>;
  /** Resolves once every run taken so far has finished. */
  drain(): Promise<void>;
  /**
   * A slot for a run this process stores and executes itself, skipping the queue; undefined
   * when none is free or runs are handed to other processes.
   */
  reserve(): TRunReservation | undefined;
};

/** Runs taken by this process: at most `concurrency`, each ending in `onFree`. */
export function createSlots(concurrency: number, onFree: () => void) {
  const active = new Set<Promise<void>>();
  const free = () => Math.max(0, concurrency - active.size);
  const take = (work: () => Promise<void>) => {
    // The worker reports its own failures; the queue only keeps going.
    const job = work()
      .catch(() => undefined)
      .finally(() => {
        active.delete(job);
        onFree();
      });
    active.add(job);
  };
  return {
    free,
    take,
    /** Takes a slot now for work given later (`fill(work)`), or frees it (`fill()`). */
    hold(): ((work?: () => Promise<void>) => void) | undefined {
      if (free() === 0) return undefined;
      let fill: (work?: () => Promise<void>) => void = () => undefined;
      const given = new Promise<(() => Promise<void>) | undefined>((resolve) => (fill = resolve));
      take(async () => (await given)?.());
      return fill;
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
export function createInProcessRunQueue(
  db: TDb,
  signals: TRunSignals,
  lease: TRunLease,
): TRunQueue {
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
    enqueueing(runId) {
      signals.enqueueing(runId);
      return Promise.resolve({ writes: [], params: {}, signal: 'queued' });
    },
    async start(work, concurrency) {
      if (concurrency === 0) return;
      worker = work;
      slots = createSlots(concurrency, pump);
      offSignals = [
        signals.on('queued', add),
        signals.on('job', add),
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
    reserve() {
      const work = worker;
      const fill = work && slots.hold();
      if (!fill) return undefined;
      return {
        lease,
        // Started before whoever stored the run goes on, so a wait for it knows it runs here; it
        // cannot end before that wait begins: its end is a write, answered on a later turn.
        run: (claim) => fill(() => work(claim.run.id, claim)),
        release: () => fill(),
      };
    },
  };
}
