import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { inTransaction, type TDb } from '../../db/database';
import { createSlots, type TRunQueue, type TRunWorker } from './run-queue';
import { signalRun, type TRunSignals } from './run-signals';
import { lockQueueCreation, lockRunAdoption, queuedRunIdsWithoutJob } from './run-jobs.repo';

const QUEUE = 'flowsmith-runs';
// A worker also looks for jobs this often, in case a wake-up signal was lost.
const POLL_MS = 2_000;
// A worker says it takes runs this often; one not heard from for three times as long is gone.
const PRESENCE_MS = 1_000;
const GONE_MS = 3 * PRESENCE_MS;

/** pg-boss's statement `text` as a Drizzle query, each `$n` in it replaced by `param(n)`. */
const fromPgBossText = (text: string, param: (n: number) => SQL) =>
  sql.join(
    text.split(/\$(\d+)/).map((part, i) => (i % 2 === 1 ? param(Number(part)) : sql.raw(part))),
  );

/**
 * What pg-boss's `send` would run to store a run's job, for a statement of ours to run, so the
 * job is stored together with the run: the statement's text and its values.
 */
async function jobInsert(boss: PgBoss, runId: string, jobId?: string) {
  let sent: { text: string; values: unknown[] } | undefined;
  await boss.send(
    QUEUE,
    { runId },
    {
      ...(jobId ? { id: jobId } : {}),
      db: {
        executeSql(text, values) {
          sent = { text, values };
          return Promise.resolve({ rows: [{ id: jobId }] });
        },
      },
    },
  );
  return sent!;
}

// `jobStatement`s by pg-boss's text, the same for every job sent alike.
const jobStatements = new Map<string, SQL>();

/**
 * A job insert's text with its values as placeholders (`job1`, `job2`…, see `jobParams`): the
 * same object for the same text, so a statement that includes it is built once.
 */
function jobStatement(text: string): SQL {
  let statement = jobStatements.get(text);
  if (!statement) {
    statement = fromPgBossText(text, (n) => sql`${sql.placeholder(`job${n}`)}`);
    jobStatements.set(text, statement);
  }
  return statement;
}

const jobParams = (values: unknown[]) =>
  Object.fromEntries(values.map((value, i) => [`job${i + 1}`, value ?? null]));

/**
 * Deletes the job of a run claimed on its signal, in the claiming statement: its job (whose id
 * is the run's) has nothing left to deliver, and the run keeps its own record. Completed, it
 * would stay in pg-boss's tables (job, then archive) for days, a row for every run. A job
 * already fetched is completed by its taker.
 */
const deleteClaimedJob = (claimedId: SQL) =>
  sql`delete from pgboss.job where name = ${QUEUE} and id = ${claimedId} and state < 'active'`;

/** A number from a run id, the same in every process: which worker claims it on its signal. */
function spread(runId: string): number {
  let hash = 0;
  for (let i = 0; i < runId.length; i++) hash = (hash * 31 + runId.charCodeAt(i)) >>> 0;
  return hash;
}

/**
 * The workers this one knows take runs, from their `worker` signals (a full or stopping worker
 * says `away`): a run's signal is claimed at once by one of them only (`claims`), the same one
 * in every process that knows the same workers. When they disagree (a worker just started,
 * stopped or filled up) a run is claimed twice (one claim wins) or by none; its job is then
 * fetched like any other. Knowing no other, a worker claims every signal, full or not.
 */
function createPeers(me: string) {
  const seen = new Map<string, number>();
  return {
    heard(id: string) {
      const known = seen.has(id);
      if (id !== me) seen.set(id, Date.now());
      return known;
    },
    gone: (id: string) => void seen.delete(id),
    clear: () => seen.clear(),
    /** Whether this worker, taking runs (`available`) or not, claims `runId` on its signal. */
    claims(runId: string, available: boolean) {
      const now = Date.now();
      const live = available ? [me] : [];
      for (const [id, at] of seen)
        if (now - at >= GONE_MS) seen.delete(id);
        else live.push(id);
      if (live.length === 0) return true;
      if (live.length === 1) return live[0] === me;
      live.sort();
      return live[spread(runId) % live.length] === me;
    },
    any: () => seen.size > 0,
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
  const boss = new PgBoss({
    connectionString: url,
    max: 4,
    application_name: 'flowsmith-runs',
    // Runs are never scheduled by cron: no timekeeper, nor the queue it would create at start.
    schedule: false,
  });
  boss.on('error', (error) => log.error({ err: error }, 'the run queue (pg-boss) failed'));
  await boss.start();
  // The run's lease, not the job, decides about crashed workers; an expired job is not retried.
  // Processes that start together on a new database take turns: pg-boss's `create_queue` run
  // twice at once deadlocks (it creates the queue's table and its constraints in no fixed order);
  // run after another, it finds the queue made and does nothing.
  await inTransaction(db, async (tx) => {
    await lockQueueCreation(tx);
    await boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 0, expireInSeconds: 23 * 3600 });
  });

  let stopped = true;
  // Stopping once, however many times it is asked (a grace period, then the close).
  let stopping: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let offSignals: Array<() => void> = [];
  let presence: NodeJS.Timeout | undefined;
  const me = randomUUID();
  const peers = createPeers(me);
  // One after the other: they commit, and so arrive, in the order they were said.
  let said = Promise.resolve();
  const announce = (signal: 'worker' | 'away') =>
    (said = said.then(() =>
      signalRun(db, signal, me).catch((error: unknown) =>
        log.warn({ err: error }, 'telling the other workers about this one failed'),
      ),
    ));
  // Told the others it is full: it takes runs on their signals again once half its slots are
  // free (not at every run that ends, which would cost a signal each). Only others listen.
  let away = false;
  let capacity = 0;
  const sayWhetherFull = () => {
    const free = slots.free();
    if (!away && free === 0 && peers.any()) {
      away = true;
      void announce('away');
    } else if (away && free >= Math.ceil(capacity / 2)) {
      away = false;
      void announce('worker');
    }
  };
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
    signalled.delete(runId);
    slots.take(async () => {
      try {
        // Taken on its signal, the run's claim deletes its job; a fetched job is completed here.
        await worker(runId, undefined, jobId ? undefined : deleteClaimedJob);
      } finally {
        taken.delete(runId);
        if (jobId) await complete(jobId);
      }
    });
    sayWhetherFull();
  }

  // Runs signalled while every slot was taken, oldest first: a slot that frees claims the next
  // one as if its signal came then. Beyond as many as the slots, or after a full batch was
  // fetched, jobs are `owed`: a slot that frees fetches them. Otherwise it waits for a signal.
  const signalled = new Set<string>();
  let owed = false;
  let worker: TRunWorker | undefined;
  const onFree = () => {
    if (!stopped) sayWhetherFull();
    for (const runId of signalled) {
      if (stopped || slots.free() === 0) break;
      signalled.delete(runId);
      if (!taken.has(runId) && worker) execute(worker, runId);
    }
    if (owed) nudge();
  };

  async function take(worker: TRunWorker) {
    while (!stopped) {
      nudged = false;
      const free = slots.free();
      if (free > 0) owed = false;
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
      // A full batch may have left jobs behind.
      if (fetched > 0 && fetched === free) owed = true;
      if (nudged || (owed && slots.free() > 0)) continue;
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

  /** Gives a job to every queued run that has none, once whichever processes start together. */
  async function adoptQueuedRuns() {
    const adopted = await inTransaction(db, async (tx) => {
      await lockRunAdoption(tx);
      const ids = await queuedRunIdsWithoutJob(tx, QUEUE);
      for (const runId of ids) {
        // A new job id: the run's first job, completed without claiming it, keeps the run's id.
        const { text, values } = await jobInsert(boss, runId);
        await tx.execute(fromPgBossText(text, (n) => sql`${values[n - 1] ?? null}`));
        await signalRun(tx, 'job', runId);
      }
      return ids.length;
    });
    if (adopted) log.info({ runs: adopted }, 'queued runs without a job were enqueued');
  }

  return {
    kind: 'pg-boss',
    // The job's id is the run's: its claim deletes it (`deleteClaimedJob`).
    async enqueueing(runId) {
      signals.enqueueing(runId);
      const { text, values } = await jobInsert(boss, runId, runId);
      return { writes: [jobStatement(text)], params: jobParams(values), signal: 'job' };
    },
    async start(work, concurrency) {
      await adoptQueuedRuns();
      if (concurrency === 0) return;
      stopped = false;
      worker = work;
      slots = createSlots(concurrency, onFree);
      capacity = concurrency;
      // A run's signal comes at its commit, sooner than its job: with a free slot the run is
      // claimed at once (one atomic update, so one process wins), which completes its job. The
      // job stays the backstop for a signal nobody took: without a free slot it is fetched once
      // one frees.
      const claimAtOnce = (runId: string) => {
        if (stopped || taken.has(runId) || !peers.claims(runId, !away)) return;
        if (slots.free() > 0) execute(work, runId);
        else if (signalled.size < concurrency) signalled.add(runId);
        else owed = true;
      };
      offSignals = [
        signals.on('job', claimAtOnce),
        signals.on('queued', nudge),
        signals.on('resync', () => {
          // Signals were lost meanwhile, `away` ones too: the workers say again who they are.
          peers.clear();
          if (!away) void announce('worker');
          nudge();
        }),
        // A worker that just started is told about this one at once, not a second later.
        signals.on('worker', (id) => {
          if (!peers.heard(id) && id !== me && !away) void announce('worker');
        }),
        signals.on('away', peers.gone),
      ];
      await announce('worker');
      presence = setInterval(() => void (away || announce('worker')), PRESENCE_MS).unref();
      loop = take(work);
    },
    stop() {
      stopping ??= (async () => {
        const started = presence !== undefined;
        stopped = true;
        clearInterval(presence);
        presence = undefined;
        signalled.clear();
        for (const off of offSignals) off();
        offSignals = [];
        // The others claim this one's share of the signals from now on.
        if (started) await announce('away');
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
