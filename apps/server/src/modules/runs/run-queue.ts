/**
 * Runs are handed to a queue and executed by a worker; a route never runs a workflow inline.
 * This in-process queue is the default; a queue on PostgreSQL can take its place behind the
 * same interface when several processes share the work.
 */
export type TRunQueue = {
  enqueue(runId: string): void;
  /** Resolves once every run taken so far has finished. */
  drain(): Promise<void>;
};

export function createInProcessRunQueue(
  worker: (runId: string) => Promise<void>,
  concurrency = 2,
): TRunQueue {
  const waiting: string[] = [];
  const active = new Set<Promise<void>>();
  const pump = () => {
    while (active.size < concurrency && waiting.length > 0) {
      // The worker reports its own failures; the queue only keeps going.
      const job = worker(waiting.shift()!)
        .catch(() => undefined)
        .finally(() => {
          active.delete(job);
          pump();
        });
      active.add(job);
    }
  };
  return {
    enqueue(runId) {
      waiting.push(runId);
      pump();
    },
    async drain() {
      while (active.size > 0 || waiting.length > 0) await Promise.allSettled([...active]);
    },
  };
}
