import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, type TDb } from '../../db/database';
import { runs, usageCounters } from '../../db/schema/index';
import { createWorld, type TWorld } from '../../test/api-world';
import { queryRows, testDatabaseKinds } from '../../test/test-databases';
import { aheadAtClaim } from '../billing/quotas';
import { claimRun, insertClaimedRun } from './runs.repo';

describe.each(testDatabaseKinds)('durable run jobs on %s', (kind) => {
  let w: TWorld;

  beforeAll(async () => {
    // Executes nothing itself, so started runs stay queued.
    w = await createWorld(kind, { config: { runs: { parallelRuns: 0 } } });
  }, 120_000);
  afterAll(() => w.t.close());

  const insertRunning = async (leaseExpiresAt: ReturnType<typeof sql>) =>
    (
      await w.t.database.db
        .insert(runs)
        .values({
          projectId: w.projectId,
          userId: w.users.owner.id,
          status: 'running',
          leaseOwner: 'elsewhere:1:abcd',
          leaseExpiresAt,
        })
        .returning()
    )[0]!;

  const commitMode = async (db: TDb) =>
    (
      await queryRows<{ mode: string }>(
        db,
        sql`select current_setting('synchronous_commit') as mode`,
      )
    )[0]!.mode;

  it('cancels a queued run with a stored, numbered event, and wakes whoever waits for it', async () => {
    const id = await w.make.flowRun('echo');
    const waiting = w.t.app.runJobs.executor.waitFor(id, 10_000);
    const asked = Date.now();
    expect((await w.as.owner.post(`/api/runs/${id}/cancel`, {})).status).toBe(202);
    const finished = await waiting;
    // A notification, not a poll: the waiter learns it at once.
    expect(Date.now() - asked).toBeLessThan(900);
    expect(finished).toMatchObject({ status: 'cancelled', seq: 1 });
    const events = (await w.as.owner.get(`/api/runs/${id}/events`)).body.items;
    expect(events).toEqual([
      { runId: id, seq: 1, type: 'run-status', status: 'cancelled', error: 'Cancelled' },
    ]);
    expect((await w.as.owner.post(`/api/runs/${id}/cancel`, {})).status).toBe(409);
  });

  it('marks a cancel of a running run in the database for the process that runs it', async () => {
    const run = await insertRunning(sql`now() + interval '1 minute'`);
    expect((await w.as.viewer.post(`/api/runs/${run.id}/cancel`, {})).status).toBe(403);
    expect((await w.as.stranger.post(`/api/runs/${run.id}/cancel`, {})).status).toBe(404);
    expect((await w.as.owner.post(`/api/runs/${run.id}/cancel`, {})).status).toBe(202);
    const [row] = await w.t.database.db.select().from(runs).where(eq(runs.id, run.id));
    expect(row!.cancelRequestedAt).toBeInstanceOf(Date);
    expect(row!.status).toBe('running');
  });

  it('claims a queued run once, and reads the graph of its canvas in the same statement', async () => {
    const id = await w.make.flowRun('echo');
    const [before] = await w.t.database.db.select().from(runs).where(eq(runs.id, id));
    // What the claim also runs, as the pg-boss queue gives it (there, deleting the run's job).
    const also = (claimedId: SQL) => sql`select ${claimedId}`;
    const claim = await claimRun(w.t.database.db, id, 'here:1:abcd', 60_000, also);
    expect(claim?.run).toMatchObject({ id, status: 'running', leaseOwner: 'here:1:abcd' });
    const nodes = claim!.graph!.nodes;
    expect(nodes.map((node) => node.type).sort()).toEqual(
      expect.arrayContaining(['ai_output', 'ai_processor', 'input']),
    );
    expect(nodes.every((node) => node.projectId === before!.projectId)).toBe(true);
    expect(claim!.graph!.connections.length).toBeGreaterThanOrEqual(2);
    expect(await claimRun(w.t.database.db, id, 'there:1:abcd', 60_000)).toBeUndefined();
    expect(await claimRun(w.t.database.db, id, 'there:1:abcd', 60_000, also)).toBeUndefined();
  });

  it('stores a run already claimed in one statement: its lease, its graph and the requests counted ahead', async () => {
    const { group } = await w.make.flow('echo');
    const [before] = await w.t.database.db
      .select({ used: sql<number>`coalesce(sum(requests), 0)::int` })
      .from(usageCounters)
      .where(eq(usageCounters.userId, w.users.owner.id));
    const id = crypto.randomUUID();
    // Unlike a claim, it waits for the disk: its caller is told the run exists.
    const claim = await inTransaction(w.t.database.db, async (tx) => {
      const stored = await insertClaimedRun(
        tx,
        { id, projectId: w.projectId, userId: w.users.owner.id, nodeGroupId: group.id, inputs: {} },
        { owner: 'here:1:abcd', leaseMs: 60_000 },
        aheadAtClaim(),
        { canvas: true },
      );
      expect(await commitMode(tx)).toBe('on');
      return stored;
    });
    expect(claim.run).toMatchObject({ id, status: 'running', leaseOwner: 'here:1:abcd' });
    // It waited in no queue.
    expect(claim.run.startedAt).toEqual(claim.run.createdAt);
    expect(claim.run.leaseExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(Object.keys(claim.run.paramsSnapshot ?? {})).toEqual(
      expect.arrayContaining(claim.graph!.nodes.map((node) => node.id)),
    );
    expect(claim.graph!.nodes.map((node) => node.type).sort()).toEqual(
      expect.arrayContaining(['ai_output', 'ai_processor', 'input']),
    );
    // The group's one model node: one request counted ahead, on the owner's counter.
    expect(claim.counted).toMatchObject({ ownerId: w.users.owner.id, left: 1 });
    const [after] = await w.t.database.db
      .select({ used: sql<number>`coalesce(sum(requests), 0)::int` })
      .from(usageCounters)
      .where(eq(usageCounters.userId, w.users.owner.id));
    expect(after!.used).toBe(before!.used + 1);
    // Claimed already: no other process can take it.
    expect(await claimRun(w.t.database.db, id, 'there:1:abcd', 60_000)).toBeUndefined();
  });

  it("commits a claim without waiting for the disk, and only the claim's own transaction", async () => {
    const id = await w.make.flowRun('echo');
    await inTransaction(w.t.database.db, async (tx) => {
      expect(await commitMode(tx)).toBe('on');
      expect(await claimRun(tx, id, 'here:1:abcd', 60_000)).toBeDefined();
      expect(await commitMode(tx)).toBe('off');
    });
    expect(await commitMode(w.t.database.db)).toBe('on');
  });

  it('recovers only runs whose lease has expired, each with a stored status event', async () => {
    const live = await insertRunning(sql`now() + interval '1 minute'`);
    const abandoned = await insertRunning(sql`now() - interval '1 second'`);
    await w.t.app.runJobs.executor.recover();

    const [liveRow] = await w.t.database.db.select().from(runs).where(eq(runs.id, live.id));
    expect(liveRow).toMatchObject({ status: 'running', leaseOwner: 'elsewhere:1:abcd' });
    const gone = (await w.as.owner.get(`/api/runs/${abandoned.id}`)).body;
    expect(gone).toMatchObject({
      status: 'failed',
      error: 'Interrupted: the process running it stopped',
    });
    expect((await w.as.owner.get(`/api/runs/${abandoned.id}/events`)).body.items).toEqual([
      expect.objectContaining({ seq: 1, type: 'run-status', status: 'failed' }),
    ]);
  });
});
