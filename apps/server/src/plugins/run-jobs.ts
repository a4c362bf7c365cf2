import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import { createPgBossRunQueue } from '../modules/runs/pg-boss-run-queue';
import { createRunExecutor, type TRunExecutor } from '../modules/runs/run-executor';
import { createInProcessRunQueue, type TRunQueue } from '../modules/runs/run-queue';
import { listenForRunSignals } from '../modules/runs/run-signals';

/**
 * Runs are handed to `queue`; `executor` is the worker that takes them from it. `wrapUp`, for a
 * process asked to stop, takes no more runs and gives the running ones `graceMs` to finish; the
 * close then interrupts what is left.
 */
export type TRunJobs = {
  queue: TRunQueue;
  executor: TRunExecutor;
  wrapUp(graceMs: number): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    runJobs: TRunJobs;
  }
}

/**
 * The run queue (in-process or pg-boss) and this process's worker, which executes up to
 * `RUN_CONCURRENCY` runs at once (none when 0). On start, and every lease period, runs whose
 * process is gone are ended; on close, this process's runs still running are interrupted.
 */
export const runJobsPlugin = fp(
  async (app) => {
    const settings = app.config.runs;
    const signals = await listenForRunSignals(app.database);
    const lease = {
      owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
      leaseMs: settings.leaseMs,
    };
    const executor = createRunExecutor({
      db: app.db,
      realtime: app.realtime,
      log: app.log,
      resolver: app.models.resolver,
      requestLog: app.models.requestLog,
      meter: app.models.meter,
      saveFile: app.files.save,
      settings,
      signals,
      owner: lease.owner,
    });
    let queue: TRunQueue;
    if (settings.queue === 'pg-boss') {
      if (!app.database.url) throw new Error('RUN_QUEUE pg-boss needs PostgreSQL (DATABASE_URL)');
      queue = await createPgBossRunQueue({
        db: app.db,
        url: app.database.url,
        signals,
        log: app.log,
      });
    } else {
      queue = createInProcessRunQueue(app.db, signals, lease);
    }
    async function wrapUp(graceMs: number) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        queue.stop(),
        new Promise((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timer);
    }
    app.decorate('runJobs', { queue, executor, wrapUp });
    app.addHook('onReady', async () => {
      await executor.start();
      await queue.start(executor.execute, settings.parallelRuns);
    });
    app.addHook('preClose', async () => {
      executor.stop();
      await queue.stop();
    });
    app.addHook('onClose', () => signals.close());
  },
  { name: 'run-jobs', dependencies: ['database', 'realtime', 'models', 'files'] },
);
