import type { FastifyBaseLogger } from 'fastify';

export type TBackground = {
  /** Runs `task` after the caller has moved on; a failure is logged, never thrown. */
  run(name: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has ended (for a clean shutdown). */
  settled(): Promise<void>;
};

/** Work that must not hold up an answer, e.g. a mail whose timing would tell too much. */
export function createBackground(log: FastifyBaseLogger): TBackground {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const done: Promise<void> = task()
        .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
