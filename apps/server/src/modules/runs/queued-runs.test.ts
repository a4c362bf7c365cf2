import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createWorld, type TWorld } from '../../test/api-world';
import { createTestApp } from '../../test/test-app';
import { sharedDatabases } from '../../test/shared-databases';
import { queryRows, testDatabaseKinds } from '../../test/test-databases';

/** Runs started while nothing executes them: they stay queued, as after a process stopped. */
async function queuedRuns(w: TWorld, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { group } = await w.make.flow('echo');
    const started = await w.as.owner.post('/api/runs', {
      projectId: w.projectId,
      nodeGroupId: group.id,
      inputs: { question: `left ${i}` },
    });
    expect(started.status).toBe(202);
    ids.push(started.body.run.id as string);
  }
  for (const id of ids)
    expect((await w.as.owner.get(`/api/runs/${id}`)).body.status).toBe('queued');
  return ids;
}

// Each test's apps share one database: closed after them, in reverse.
const { apps, sharedDatabase } = sharedDatabases();

describe.each(testDatabaseKinds)('runs left queued on %s', (kind) => {
  it('are taken by the in-process queue of the next process that starts', async () => {
    const database = await sharedDatabase(kind);
    const w = await createWorld(database, {
      config: { runs: { queue: 'in-process', parallelRuns: 0 } },
    });
    apps.push(w.t);
    const ids = await queuedRuns(w, 2);
    apps.push(
      await createTestApp({ database, config: { runs: { queue: 'in-process', parallelRuns: 4 } } }),
    );
    for (const id of ids) expect((await w.finished(id)).status).toBe('succeeded');
  }, 120_000);
});

describe.each(testDatabaseKinds)('a wait for a run on %s', (kind) => {
  it('ends when the process stops, with the run as it was', async () => {
    const database = await sharedDatabase(kind);
    const w = await createWorld(database, {
      config: { runs: { queue: 'in-process', parallelRuns: 0 } },
    });
    const [id] = await queuedRuns(w, 1);
    const waited = w.t.app.runJobs.executor.waitFor(id!, 10 * 60_000);
    // Nothing here executes it, and nothing else will tell this process once it has stopped.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const startedAt = Date.now();
    await w.t.close();
    expect((await waited)?.status).toBe('queued');
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('switching RUN_QUEUE to pg-boss', () => {
  it('gives each run left queued one job, however many processes start, and runs it', async () => {
    const database = await sharedDatabase('postgres');
    const w = await createWorld(database, {
      config: { runs: { queue: 'in-process', parallelRuns: 0 } },
    });
    apps.push(w.t);
    const ids = await queuedRuns(w, 2);
    // Two servers that execute nothing start at once, each adopting what has no job.
    const pgBoss = (parallelRuns: number) =>
      createTestApp({ database, config: { runs: { queue: 'pg-boss', parallelRuns } } });
    apps.push(...(await Promise.all([pgBoss(0), pgBoss(0)])));
    const jobs = await queryRows<{ runId: string }>(
      database.db,
      sql`select data ->> 'runId' as "runId" from pgboss.job where name = 'flowsmith-runs'`,
    );
    expect(jobs.map((job) => job.runId).sort()).toEqual([...ids].sort());

    apps.push(await pgBoss(2));
    for (const id of ids) expect((await w.finished(id)).status).toBe('succeeded');
  }, 120_000);
});
