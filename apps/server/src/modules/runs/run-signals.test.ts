import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../test/api-world';
import { createTestApp } from '../../test/test-app';
import { sharedDatabases } from '../../test/shared-databases';
import { testDatabaseKinds } from '../../test/test-databases';
import { listenForRunSignals, signalRun } from './run-signals';
import { runById, runFromSignal } from './runs.repo';

// Each test's apps share one database: closed after them, in reverse.
const { apps, sharedDatabase } = sharedDatabases();

const until = async (ok: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(testDatabaseKinds)('run signals on %s', (kind) => {
  it('know a run enqueued here has not ended until its `done` comes', async () => {
    const database = await sharedDatabase(kind);
    const signals = await listenForRunSignals(database);
    try {
      const [ended, waiting] = [crypto.randomUUID(), crypto.randomUUID()];
      expect(signals.notEnded(ended)).toBe(false);
      signals.enqueueing(ended);
      signals.enqueueing(waiting);
      expect(signals.notEnded(ended)).toBe(true);
      const done = new Promise((resolve) => signals.on('done', resolve));
      await signalRun(database.db, 'done', ended);
      expect(await done).toBe(ended);
      expect(signals.notEnded(ended)).toBe(false);
      expect(signals.notEnded(waiting)).toBe(true);
    } finally {
      await signals.close();
    }
  });

  it.skipIf(kind === 'pglite')(
    'carry a run ended by its worker with its `done`',
    async () => {
      const database = await sharedDatabase(kind);
      // This server executes nothing: its runs are queued, and the second app's worker ends them
      // (a run stored already claimed is waited for only where it runs, and signals nobody).
      const w = await createWorld(database, { config: { runs: { parallelRuns: 0 } } });
      apps.push(w.t);
      apps.push(await createTestApp({ database, config: { runs: { parallelRuns: 1 } } }));
      const signals = await listenForRunSignals(database);
      try {
        const ends: Array<{ id: string; detail?: string }> = [];
        signals.on('done', (id, detail) => ends.push({ id, detail }));
        const id = await w.make.flowRun('echo');
        await w.finished(id);
        await until(() => ends.some((end) => end.id === id));
        const carried = runFromSignal(ends.find((end) => end.id === id)!.detail);
        expect(carried).toMatchObject({ id, status: 'succeeded' });
        expect(carried).toEqual(await runById(database.db, id));
        expect(runFromSignal(undefined)).toBeUndefined();
      } finally {
        await signals.close();
      }
    },
    120_000,
  );

  it.skipIf(kind === 'pglite')(
    'forget which runs have not ended once the listening connection was lost',
    async () => {
      const database = await sharedDatabase(kind);
      const signals = await listenForRunSignals(database);
      try {
        const runId = crypto.randomUUID();
        signals.enqueueing(runId);
        const resynced = new Promise((resolve) => signals.on('resync', resolve));
        // Its `done` could have been sent while the connection was down.
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query like 'LISTEN%'`,
        );
        await resynced;
        expect(signals.notEnded(runId)).toBe(false);
      } finally {
        await signals.close();
      }
    },
  );

  it('wake a waiter for a run enqueued here when another process ends it, before or after the wait begins', async () => {
    const database = await sharedDatabase(kind);
    // This server executes nothing: another process (the second app) runs what it starts.
    const w = await createWorld(database, { config: { runs: { parallelRuns: 0 } } });
    apps.push(w.t);
    const { executor } = w.t.app.runJobs;
    const first = await w.make.flowRun('echo');
    const waited = executor.waitFor(first, 60_000);
    apps.push(await createTestApp({ database, config: { runs: { parallelRuns: 2 } } }));
    const ended = await waited;
    expect(ended).toMatchObject({ id: first, status: 'succeeded' });
    // On PostgreSQL it came with the `done` signal: the same as a read.
    expect(ended).toEqual(await runById(database.db, first));

    const second = await w.make.flowRun('echo');
    await until(async () => (await runById(database.db, second))?.status === 'succeeded');
    const asked = Date.now();
    expect(await executor.waitFor(second, 60_000)).toMatchObject({ status: 'succeeded' });
    expect(Date.now() - asked).toBeLessThan(5_000);
  }, 120_000);
});
