import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TRunProgressEvent } from '@flowsmith/shared';
import { describe, expect, it } from 'vitest';
import { modelPrices, reqLogs } from '../../db/schema/index';
import { createWorld, type TWorld } from '../../test/api-world';
import { openTestDatabase, testDatabaseKinds } from '../../test/test-databases';
import { pricedReqLog, type TReqLogToPrice } from '../models/models.repo';
import {
  claimRun,
  eventsAfter,
  finishRun,
  nodeStates,
  renewLeases,
  runById,
  storeEvents,
  type TStoredEvent,
} from './runs.repo';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, ms));

/** A run of a new flow, left queued (the world runs none): its id. */
async function queuedRun(w: TWorld) {
  const { group } = await w.make.flow('echo');
  const started = await w.as.owner.post('/api/runs', {
    projectId: w.projectId,
    nodeGroupId: group.id,
    inputs: { question: 'why?' },
  });
  return started.body.run.id as string;
}

describe.each(testDatabaseKinds)('storing a run’s events (%s)', (kind) => {
  it('keeps each node’s latest state, its times, and every event once', async () => {
    const database = await openTestDatabase(kind);
    const w = await createWorld(database, { config: { runs: { parallelRuns: 0 } } });
    try {
      const runId = await queuedRun(w);
      const nodeId = randomUUID();
      const node = (seq: number, status: string, state: TStoredEvent['nodeState']) => ({
        event: { runId, seq, type: 'node-status', nodeId, status } as TRunProgressEvent,
        nodeState: state,
      });
      const first = [
        { event: { runId, seq: 1, type: 'run-status', status: 'running' } as TRunProgressEvent },
        node(2, 'running', {
          status: 'running',
          output: null,
          error: null,
          startedAt: at(1),
          updatedAt: at(1),
        }),
      ];
      await storeEvents(database.db, runId, first);
      // Tried again, as after a lost answer: nothing twice.
      await storeEvents(database.db, runId, first);
      await storeEvents(database.db, runId, [
        node(3, 'succeeded', {
          status: 'succeeded',
          output: { answer: 'because' },
          error: null,
          finishedAt: at(2),
          updatedAt: at(2),
        }),
      ]);
      expect((await eventsAfter(database.db, runId, 0, 10)).map((e) => e.seq)).toEqual([1, 2, 3]);
      const [state] = await nodeStates(database.db, runId);
      expect(state).toMatchObject({
        nodeId,
        status: 'succeeded',
        output: { answer: 'because' },
        error: null,
        startedAt: at(1),
        finishedAt: at(2),
        updatedAt: at(2),
      });
      expect((await runById(database.db, runId))?.seq).toBe(3);
    } finally {
      await w.t.close();
      await database.close();
    }
  });

  it('stores an event, a node state and an end whose text holds half an emoji, as U+FFFD', async () => {
    const database = await openTestDatabase(kind);
    const w = await createWorld(database, { config: { runs: { parallelRuns: 0 } } });
    try {
      const runId = await queuedRun(w);
      const nodeId = randomUUID();
      // An emoji cut in half, as a run's input or a model's answer may hold one.
      const text = `half ${'😀'.slice(0, 1)}`;
      await storeEvents(database.db, runId, [
        {
          event: {
            runId,
            seq: 1,
            type: 'node-status',
            nodeId,
            status: 'failed',
            output: { text },
            error: text,
          } as TRunProgressEvent,
          nodeState: { status: 'failed', output: { text }, error: text, updatedAt: at(1) },
        },
      ]);
      const [event] = await eventsAfter(database.db, runId, 0, 10);
      expect(event).toMatchObject({
        seq: 1,
        output: { text: 'half \ufffd' },
        error: 'half \ufffd',
      });
      const [state] = await nodeStates(database.db, runId);
      expect(state).toMatchObject({ output: { text: 'half \ufffd' }, error: 'half \ufffd' });
      // And its end, whose outputs hold it too.
      await claimRun(database.db, runId, 'owner', 60_000);
      const end = { status: 'failed' as const, error: text, outputs: { text }, seq: 1 };
      const { row } = await finishRun(database.db, runId, 'owner', end);
      expect(row).toMatchObject({ outputs: { text: 'half \ufffd' }, error: 'half \ufffd' });
    } finally {
      await w.t.close();
      await database.close();
    }
  });

  it('stores request-log rows from JSON as a row-per-value insert stored them', async () => {
    const database = await openTestDatabase(kind);
    const w = await createWorld(database, { config: { runs: { parallelRuns: 0 } } });
    const { db } = database;
    try {
      const run = (await runById(db, await queuedRun(w)))!;
      const runId = run.id;
      // Priced by full model id over bare name, with sums that are not exact in binary.
      await db.insert(modelPrices).values([
        { model: 'compatible:tiny', inputPerMillion: 0.1, outputPerMillion: 0.7, perImage: 0.3 },
        { model: 'tiny', inputPerMillion: 9, outputPerMillion: 9 },
      ]);
      const pricing = {
        modelId: 'compatible:tiny',
        model: 'tiny',
        inputTokens: 11,
        outputTokens: 3,
        images: 2,
      };
      const full = (id: string, ms: number): TReqLogToPrice => ({
        id,
        userId: run.userId,
        projectId: run.projectId,
        runId,
        nodeId: randomUUID(),
        customAiId: null,
        conversationId: null,
        callId: randomUUID(),
        attempt: 2,
        provider: 'openai_compatible',
        model: 'compatible:tiny',
        status: 'succeeded',
        latencyMs: 12,
        inputTokens: 11,
        outputTokens: 3,
        // A lone surrogate (an emoji cut in half) is stored as U+FFFD, as a text parameter is.
        prompt: `Q: "quoted" \\ ☃ 😀 \n ${'😀'.slice(0, 1)}`,
        response: null,
        error: 'it said "no"',
        createdAt: at(ms),
        updatedAt: at(ms + 1),
        pricing,
      });
      const bare = (id: string): TReqLogToPrice => ({
        id,
        provider: 'builtin',
        model: 'unpriced',
        status: 'failed',
        pricing: { modelId: 'unpriced', model: 'unpriced', inputTokens: 1, outputTokens: 1 },
      });
      // The same values stored by a row-per-value insert, as run writes stored them before.
      const reference = async ({ pricing: call, ...values }: TReqLogToPrice) => {
        const [row] = await db
          .insert(reqLogs)
          .values(pricedReqLog({ ...values, id: randomUUID() }, call))
          .returning();
        return row!;
      };
      const stored = async (id: string) =>
        (await db.select().from(reqLogs).where(eq(reqLogs.id, id)))[0]!;
      const sameAs = async (values: TReqLogToPrice) => {
        const { id: _id, ...expected } = await reference(values);
        const { id, ...row } = await stored(values.id!);
        expect(id).toBe(values.id);
        return { row, expected };
      };
      const event = (seq: number) => ({
        event: { runId, seq, type: 'run-status', status: 'running' } as TRunProgressEvent,
      });

      const first = full(randomUUID(), 1);
      const rows = await storeEvents(db, runId, [event(1)], { logs: [first] });
      expect(rows).toEqual([await stored(first.id!)]);
      const { row, expected } = await sameAs(first);
      expect(row).toEqual(expected);
      expect(row.prompt.endsWith('\ufffd')).toBe(true);
      expect(row.cost).toBe((11 * 0.1 + 3 * 0.7) / 1_000_000 + 2 * 0.3);
      // Tried again, as after a lost answer: not stored again, not answered again.
      expect(await storeEvents(db, runId, [event(1)], { logs: [first] })).toEqual([]);

      // A process whose lease was taken over stores the events and rows, not the end.
      await claimRun(db, runId, 'owner', 60_000);
      const end = { status: 'succeeded' as const, error: null, outputs: { a: 1 }, seq: 3 };
      const lost = bare(randomUUID());
      const late = await finishRun(db, runId, 'other', end, [event(2)], [lost]);
      expect(late).toEqual({ row: undefined, logs: [] });
      expect((await runById(db, runId))?.status).toBe('running');
      const defaults = await sameAs(lost);
      const { callId, createdAt, updatedAt, ...rest } = defaults.row;
      const { callId: _c, createdAt: _a, updatedAt: _u, ...expectedRest } = defaults.expected;
      expect(rest).toEqual(expectedRest);
      expect(rest).toMatchObject({ attempt: 1, latencyMs: 0, prompt: '', cost: 0, userId: null });
      expect(callId).toMatch(/^[0-9a-f-]{36}$/);
      expect(createdAt).toEqual(updatedAt);

      const last = full(randomUUID(), 9);
      const ended = await finishRun(db, runId, 'owner', end, [event(3)], [first, lost, last]);
      expect(ended.row).toMatchObject({ status: 'succeeded', outputs: { a: 1 }, seq: 3 });
      expect(ended.row?.leaseExpiresAt).toBeNull();
      expect(ended.logs).toEqual([await stored(last.id!)]);
      const again = await sameAs(last);
      expect(again.row).toEqual(again.expected);
      expect((await eventsAfter(db, runId, 0, 10)).map((e) => e.seq)).toEqual([1, 2, 3]);
    } finally {
      await w.t.close();
      await database.close();
    }
  });

  it('ends the runs that end together in one statement, each with its own rows', async () => {
    let recorded: string[] | undefined;
    const database = await openTestDatabase(kind, (query) => recorded?.push(query));
    const w = await createWorld(database, { config: { runs: { parallelRuns: 0 } } });
    const { db } = database;
    try {
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await queuedRun(w));
      for (const id of ids) await claimRun(db, id, 'owner', 60_000);
      const userId = (await runById(db, ids[0]!))!.userId;
      const log = (runId: string, user = userId): TReqLogToPrice => ({
        id: randomUUID(),
        userId: user,
        runId,
        provider: 'builtin',
        model: 'unpriced',
        status: 'succeeded',
        pricing: { modelId: 'unpriced', model: 'unpriced', inputTokens: 1, outputTokens: 1 },
      });
      const nodeId = randomUUID();
      const ending = (runId: string, seq: number): TStoredEvent => ({
        event: {
          runId,
          seq,
          type: 'node-status',
          nodeId,
          status: 'succeeded',
        } as TRunProgressEvent,
        nodeState: { status: 'succeeded' as const, output: { text: runId } },
      });
      const end = (seq: number) => ({
        status: 'succeeded' as const,
        error: null,
        outputs: { seq },
        seq,
      });
      const [a, b, c, d, e] = ids as [string, string, string, string, string];
      const logs = { a: log(a), b: log(b), c: log(c) };
      recorded = [];
      // The first goes at once; the others come while it is stored and go together: one whose
      // lease another process holds, and one whose request-log row names nobody (a broken key,
      // which trying again cannot fix).
      const results = await Promise.allSettled([
        finishRun(db, a, 'owner', end(1), [ending(a, 1)], [logs.a]),
        finishRun(db, b, 'owner', end(2), [ending(b, 2)], [logs.b]),
        finishRun(db, c, 'owner', end(3), [ending(c, 3)], [logs.c], { signal: false }),
        finishRun(db, d, 'other', end(4), [ending(d, 4)]),
        finishRun(db, e, 'owner', end(5), [ending(e, 5)], [log(e, randomUUID())]),
      ]);
      const statements = recorded.filter((query) => /^with "ends"/.test(query));
      recorded = undefined;
      const [ra, rb, rc, rd, re] = results;
      for (const [result, id, seq, logRow] of [
        [ra, a, 1, logs.a],
        [rb, b, 2, logs.b],
        [rc, c, 3, logs.c],
      ] as const) {
        expect(result.status).toBe('fulfilled');
        const { row, logs: stored } = (
          result as PromiseFulfilledResult<Awaited<ReturnType<typeof finishRun>>>
        ).value;
        expect(row).toMatchObject({
          id,
          status: 'succeeded',
          outputs: { seq },
          seq,
          leaseExpiresAt: null,
        });
        expect(stored.map((r) => r.id)).toEqual([logRow.id]);
        expect(await nodeStates(db, id)).toMatchObject([{ nodeId, output: { text: id } }]);
        expect((await eventsAfter(db, id, 0, 10)).map((event) => event.seq)).toEqual([seq]);
      }
      // Not ended by a process that no longer holds it; its events are stored all the same.
      expect(rd).toEqual({ status: 'fulfilled', value: { row: undefined, logs: [] } });
      expect((await runById(db, d))?.status).toBe('running');
      expect((await eventsAfter(db, d, 0, 10)).map((event) => event.seq)).toEqual([4]);
      // The broken one fails alone, after the four others were tried together.
      expect(re.status).toBe('rejected');
      expect((await runById(db, e))?.status).toBe('running');
      // The first alone, the four others together (which failed), then each of those alone.
      expect(statements).toHaveLength(1 + 1 + 4);
    } finally {
      await w.t.close();
      await database.close();
    }
  });

  it.runIf(kind === 'postgres')(
    'renews the leases of the runs it can, not waiting for a run whose end is being stored',
    async () => {
      const database = await openTestDatabase(kind);
      const w = await createWorld(database, { config: { runs: { parallelRuns: 0 } } });
      const { db } = database;
      try {
        const [a, b] = [await queuedRun(w), await queuedRun(w)];
        for (const id of [a, b]) await claimRun(db, id, 'owner', 60_000);
        await db.transaction(async (tx) => {
          // As a batch of ends holds its rows until it commits.
          await tx.execute(sql`select 1 from runs where id = ${a} for update`);
          const renewed = await renewLeases(db, 'owner', [a, b], 120_000);
          expect(renewed.map((row) => row.id)).toEqual([b]);
        });
        expect((await renewLeases(db, 'owner', [a, b], 120_000)).length).toBe(2);
      } finally {
        await w.t.close();
        await database.close();
      }
    },
  );
});
