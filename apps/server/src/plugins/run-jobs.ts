import fp from 'fastify-plugin';
import { createRunExecutor, type TRunExecutor } from '../modules/runs/run-executor';
import { createInProcessRunQueue, type TRunQueue } from '../modules/runs/run-queue';

/** Runs are handed to `queue`; `executor` is the worker that takes them from it. */
export type TRunJobs = { queue: TRunQueue; executor: TRunExecutor };

declare module 'fastify' {
  interface FastifyInstance {
    runJobs: TRunJobs;
  }
}

/**
 * The run queue (in-process) and its worker. On start, runs cut short by the last stop are marked
 * failed and waiting ones queued again; on shutdown, running runs are interrupted.
 */
export const runJobsPlugin = fp(
  async (app) => {
    const executor = createRunExecutor({
      db: app.db,
      realtime: app.realtime,
      log: app.log,
      resolver: app.models.resolver,
      requestLog: app.models.requestLog,
      meter: app.models.meter,
      saveFile: app.files.save,
      settings: app.config.runs,
    });
    const queue = createInProcessRunQueue(executor.execute, app.config.runs.parallelRuns);
    app.decorate('runJobs', { queue, executor });
    app.addHook('onReady', () => executor.recover(queue));
    app.addHook('preClose', async () => {
      executor.stop();
      await queue.drain();
    });
  },
  { name: 'run-jobs', dependencies: ['database', 'realtime', 'models', 'files'] },
);
