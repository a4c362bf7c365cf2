import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../db/database';
import { createWorld, type TWorld } from '../../test/api-world';
import { openTestDatabase, queryRows } from '../../test/test-databases';
import { createPgBossRunQueue } from './pg-boss-run-queue';
import { listenForRunSignals, type TRunSignals } from './run-signals';
import { claimRun } from './runs.repo';

const until = async (ok: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** A process's pg-boss run queue on `database`, not started, with the run signals it hears. */
async function openQueue(database: TDatabase, w: TWorld) {
  const signals = await listenForRunSignals(database);
  const queue = await createPgBossRunQueue({
    db: database.db,
    url: database.url!,
    signals,
    log: w.t.app.log,
  });
  return { queue, signals };
}

type TOpenQueue = Awaited<ReturnType<typeof openQueue>>;

async function closeQueue({ queue, signals }: TOpenQueue) {
  await queue.stop();
  await signals.close();
}

describe.skipIf(!process.env.DATABASE_URL)('pg-boss run queues of two workers', () => {
  let database: TDatabase;
  let w: TWorld;
  // Each worker's claims, by run: a claim that finds the run taken already is counted too.
  const attempts: Array<{ worker: string; runId: string }> = [];
  const claimed = new Map<string, string>();
  const workers: TOpenQueue[] = [];
  // What the workers say about themselves, as every process hears it.
  let heard: TRunSignals;
  const said: Array<{ signal: 'worker' | 'away'; id: string }> = [];
  // A worker whose runs go on until `release` is called: its slots stay taken.
  const holding = new Map<string, Promise<void>>();

  async function startWorker(name: string) {
    const { queue, signals } = await openQueue(database, w);
    await queue.start(async (runId, _claimed, withClaim) => {
      attempts.push({ worker: name, runId });
      if (await claimRun(database.db, runId, `${name}:1:test`, 60_000, withClaim))
        claimed.set(runId, name);
      await holding.get(name);
    }, 4);
    workers.push({ queue, signals });
    return { queue, signals };
  }

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    // This server only stores runs (with their jobs and signals): it executes none.
    w = await createWorld(database, { config: { runs: { queue: 'pg-boss', parallelRuns: 0 } } });
    heard = await listenForRunSignals(database);
    heard.on('worker', (id) => said.push({ signal: 'worker', id }));
    heard.on('away', (id) => said.push({ signal: 'away', id }));
    await startWorker('a');
    await startWorker('b');
    // Each has told the other it takes runs (the first to start, once it heard the second).
    await until(() => said.filter((s) => s.signal === 'worker').length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }, 120_000);

  afterAll(async () => {
    for (const worker of workers) await closeQueue(worker);
    await heard?.close();
    await w?.t.close();
    await database?.close();
  });

  it('claim each signalled run once, one of them, both taking their share', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await w.make.flowRun('echo'));
    await until(() => ids.every((id) => claimed.has(id)));
    const tried = attempts.filter((attempt) => ids.includes(attempt.runId));
    expect(tried).toHaveLength(ids.length);
    expect(new Set(ids.map((id) => claimed.get(id)))).toEqual(new Set(['a', 'b']));
    // Their jobs are gone with their claims, not kept completed in pg-boss's tables.
    const jobIds = `{${ids.join(',')}}`;
    const left = await queryRows<{ id: string }>(
      database.db,
      sql`select id from pgboss.job where id = any(${jobIds}::uuid[])
        union all select id from pgboss.archive where id = any(${jobIds}::uuid[])`,
    );
    expect(left).toEqual([]);
  }, 60_000);

  it('leave the signals to the other while one is full', async () => {
    let release: () => void = () => undefined;
    holding.set('a', new Promise<void>((resolve) => (release = resolve)));
    let held = 0;
    for (let i = 0; held < 4 && i < 40; i++) {
      const id = await w.make.flowRun('echo');
      await until(() => claimed.has(id));
      if (claimed.get(id) === 'a') held++;
    }
    expect(held).toBe(4);
    // Its `away` has reached the other worker.
    await until(() => said.some((s) => s.signal === 'away'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await w.make.flowRun('echo'));
    await until(() => ids.every((id) => claimed.has(id)));
    expect(ids.map((id) => claimed.get(id))).toEqual(ids.map(() => 'b'));
    expect(attempts.filter((attempt) => ids.includes(attempt.runId))).toHaveLength(ids.length);
    holding.delete('a');
    release();
  }, 60_000);

  it('lose no run whose worker no longer hears the signals: its job is fetched', async () => {
    // Worker b still says it takes runs, but hears none of their signals.
    await workers[1]!.signals.close();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await w.make.flowRun('echo'));
    await until(() => ids.every((id) => claimed.has(id)));
  }, 60_000);
});

describe.skipIf(!process.env.DATABASE_URL)('pg-boss run queues starting together', () => {
  it('create the queue once, taking turns, with no deadlock in the database', async () => {
    const database = await openTestDatabase('postgres');
    // A server of its own queue: no pg-boss schema or queue exists yet.
    const w = await createWorld(database, {
      config: { runs: { queue: 'in-process', parallelRuns: 0 } },
    });
    const started: TOpenQueue[] = [];
    try {
      const deadlocks = async () =>
        (
          await queryRows<{ n: number }>(
            database.db,
            sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`,
          )
        )[0]!.n;
      const before = await deadlocks();
      // Four processes' queues, started at once, as workers started together would be.
      started.push(...(await Promise.all(Array.from({ length: 4 }, () => openQueue(database, w)))));
      const queues = await queryRows<{ name: string }>(
        database.db,
        sql`select name from pgboss.queue where name = 'flowsmith-runs'`,
      );
      expect(queues).toHaveLength(1);
      // A backend's counts reach the statistics as it ends, just after it leaves
      // pg_stat_activity: stop the queues' connections, and wait for them to be gone.
      for (const opened of started.splice(0)) await closeQueue(opened);
      const queueBackends = sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = 'flowsmith-runs'`;
      await expect
        .poll(async () => (await queryRows<{ n: number }>(database.db, queueBackends))[0]!.n)
        .toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await deadlocks()).toBe(before);
    } finally {
      for (const opened of started) await closeQueue(opened);
      await w.t.close();
      await database.close();
    }
  }, 60_000);
});
