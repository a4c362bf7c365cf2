import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { inTransaction, type TDb } from '../../db/database';
import { createSlots, type TRunQueue, type TRunWorker } from './run-queue';
import { signalRun, type TRunSignals } from './run-signals';
import { lockRunAdoption, queuedRunIdsWithoutJob } from './runs.repo';

const QUEUE = 'flowsmith-runs';
// A worker also looks for jobs this often, in case a wake-up signal was lost.
const POLL_MS = 2_000;
const DEADLOCK = '40P01';

/**
 * pg-boss's statements run on our transaction: its `$n` placeholders become parameters of one
 * Drizzle query, so the job is inserted (or not) together with the run.
 */
function onTransaction(tx: TDb): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const parts = text.split(/\$(\d+)/);
      const query = sql.join(
        parts.map((part, i) =>
          i % 2 === 1 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part),
        ),
      );
      return (await tx.execute(query)) as unknown as { rows: unknown[] };
    },
  };
}

/**
 * Runs as pg-boss jobs on the app's PostgreSQL. The job only carries the run id: the run's
 * own row (status, lease) decides who executes it, so a job delivered twice runs nothing twice.
 */
export async function createPgBossRunQueue({
  db,
  url,
  signals,
  log,
}: {
  db: TDb;
  url: string;
  signals: TRunSignals;
  log: FastifyBaseLogger;
}): Promise<TRunQueue> {
  // Loaded only where runs go through pg-boss: the embedded database never needs it.
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ connectionString: url, max: 4, application_name: 'flowsmith-runs' });
  boss.on('error', (error) => log.error({ err: error }, 'the run queue (pg-boss) failed'));
  await boss.start();
  // The run's lease, not the job, decides about crashed workers; an expired job is not retried.
  // Processes that start together on a new database can deadlock creating it: the loser retries.
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 0, expireInSeconds: 23 * 3600 });
      break;
    } catch (error) {
      if (attempt === 3 || (error as { code?: string }).code !== DEADLOCK) throw error;
    }
  }

  let stopped = true;
  // Stopping once, however many times it is asked (a grace period, then the close).
  let stopping: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let offSignals: Array<() => void> = [];
  let slots = createSlots(0, () => undefined);
  // A wake-up that comes while a fetch is under way makes the loop fetch again at once instead
  // of being lost until the next look.
  let nudged = false;
  const nudge = () => {
    nudged = true;
    wake?.();
  };

  // Runs this process has taken, by a job or by their signal: a job for one of them is done.
  const taken = new Set<string>();
  const complete = (jobId: string) =>
    boss
      .complete(QUEUE, jobId)
      .catch((error: unknown) => log.warn({ err: error }, 'completing a run job failed'));
  function execute(worker: TRunWorker, runId: string, jobId?: string) {
    taken.add(runId);
    slots.take(async () => {
      try {
        await worker(runId);
      } finally {
        taken.delete(runId);
        if (jobId) await complete(jobId);
      }
    });
  }

  async function take(worker: TRunWorker) {
    while (!stopped) {
      nudged = false;
      const free = slots.free();
      let fetched = 0;
      if (free > 0) {
        try {
          const jobs = await boss.fetch<{ runId: string }>(QUEUE, { batchSize: free });
          fetched = jobs.length;
          for (const job of jobs) {
            if (taken.has(job.data.runId)) void complete(job.id);
            else execute(worker, job.data.runId, job.id);
          }
        } catch (error) {
          log.warn({ err: error }, 'fetching run jobs failed');
        }
      }
      if (nudged || (fetched > 0 && fetched === free)) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, POLL_MS);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    }
  }

  async function enqueue(tx: TDb, runId: string) {
    await boss.send(QUEUE, { runId }, { db: onTransaction(tx) });
    await signalRun(tx, 'job', runId);
  }

  /** Gives a job to every queued run that has none, once whichever processes start together. */
  async function adoptQueuedRuns() {
    const adopted = await inTransaction(db, async (tx) => {
      await lockRunAdoption(tx);
      const ids = await queuedRunIdsWithoutJob(tx, QUEUE);
      for (const runId of ids) await enqueue(tx, runId);
      return ids.length;
    });
    if (adopted) log.info({ runs: adopted }, 'queued runs without a job were enqueued');
  }

  return {
    kind: 'pg-boss',
    enqueue,
    async start(worker, concurrency) {
      await adoptQueuedRuns();
      if (concurrency === 0) return;
      stopped = false;
      slots = createSlots(concurrency, nudge);
      // A run's signal comes at its commit, sooner than its job: with a free slot the run is
      // claimed at once (one atomic update, so one process wins), and its job, fetched then or
      // later, only completes. The job stays the backstop for a signal nobody took.
      const claimAtOnce = (runId: string) => {
        if (!stopped && slots.free() > 0 && !taken.has(runId)) execute(worker, runId);
        nudge();
      };
      offSignals = [
        signals.on('job', claimAtOnce),
        signals.on('queued', nudge),
        signals.on('resync', nudge),
      ];
      loop = take(worker);
    },
    stop() {
      stopping ??= (async () => {
        stopped = true;
        for (const off of offSignals) off();
        offSignals = [];
        nudge();
        await loop;
        await slots.drain();
        await boss.stop({ graceful: false, wait: true });
      })();
      return stopping;
    },
    drain: () => slots.drain(),
    // Runs go to whichever worker fetches their job.
    reserve: () => undefined,
  };
}
