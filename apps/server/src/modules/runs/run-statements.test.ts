import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type TWorld } from '../../test/api-world';
import { startFakeOpenAiServer, type TFakeOpenAiServer } from '../../test/fake-openai-server';
import { openTestDatabase, testDatabaseKinds } from '../../test/test-databases';

// What one trivial run through `custom_ais/handle` may cost, each statement a round trip (and on
// the embedded database one more turn of the server's only thread): the API key (1); the group
// with the caller's role and the project's quota (1); the run, stored already claimed by the
// process that answers, with its graph read and the requests of the group's model nodes counted
// ahead (1); the run's end with the events not stored yet, in one statement (1; no signal: the
// waiter is in the process that ran it). Events that come while a write is under way go in a
// write of their own: over a network, or to the embedded database's own thread, the first events
// may take two writes more, of one statement each.
const BUDGET = { pglite: 6, postgres: 6 };
const TRANSACTION_CONTROL = /^(begin|commit|rollback|savepoint|release)\b/i;

describe.each(testDatabaseKinds)('the statements of a trivial run (%s)', (kind) => {
  let w: TWorld;
  let ai: TFakeOpenAiServer;
  let recorded: string[] | undefined;
  let key: string;
  let groupId: string;

  beforeAll(async () => {
    ai = await startFakeOpenAiServer();
    const database = await openTestDatabase(kind, (query) => recorded?.push(query));
    w = await createWorld(database, {
      env: { OPENAI_COMPATIBLE_BASE_URL: ai.baseUrl },
      config: { runs: { parallelRuns: 4 } },
    });
    const group = await w.make.group();
    const input = await w.make.child(group, 'input', { name: 'question' });
    const output = await w.make.child(group, 'ai_output', { name: 'answer' });
    await w.make.connect(input.id, 'value', output.id, 'text');
    groupId = group.id;
    key = (await w.created(w.as.owner.post('/api/api_keys', { name: 'count' }))).key;
  }, 120_000);
  afterAll(async () => {
    await w.t.close();
    await w.t.database.close();
    await ai.close();
  });

  const handle = async (question: string) => {
    const response = await w.t.app.inject({
      method: 'POST',
      url: '/api/custom_ais/handle',
      headers: { authorization: `Bearer ${key}` },
      payload: { nodeGroupId: groupId, inputs: { question } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeeded', outputs: { answer: question } });
  };

  it('stays within its budget of statements', async () => {
    // The first call also marks the API key used.
    await handle('warm up');
    recorded = [];
    await handle('why?');
    const statements = recorded.filter((query) => !TRANSACTION_CONTROL.test(query));
    recorded = undefined;
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(BUDGET[kind]);
  });

  it('stores a run started from the canvas after two waits for the database', async () => {
    const start = () =>
      w.as.owner.post('/api/runs', { projectId: w.projectId, nodeGroupId: groupId });
    const first = await start();
    await w.t.app.runJobs.executor.waitFor(first.body.run.id, 10_000);
    recorded = [];
    const started = await start();
    expect(started.status).toBe(202);
    const statements = recorded.filter((query) => !TRANSACTION_CONTROL.test(query));
    recorded = undefined;
    await w.t.app.runJobs.executor.waitFor(started.body.run.id, 10_000);
    // The session (1); the group with the caller's role and the project's quota (1); the run (1).
    // This process has a free slot: the run is stored already claimed by it.
    const stored = statements.findIndex((query) =>
      /^with "claimed" as \(insert into "runs"/.test(query),
    );
    expect(stored, statements.join('\n')).toBe(2);
  });

  it("counts a run's model request in the statement that stores it claimed: no statement of its own", async () => {
    const { group } = await w.make.flow('echo');
    const start = async () => {
      const started = await w.as.owner.post('/api/runs', {
        projectId: w.projectId,
        nodeGroupId: group.id,
        inputs: { question: 'counted?' },
      });
      expect(started.status).toBe(202);
      return w.t.app.runJobs.executor.waitFor(started.body.run.id, 10_000);
    };
    await start();
    recorded = [];
    expect(await start()).toMatchObject({ status: 'succeeded' });
    const statements = recorded.filter((query) => !TRANSACTION_CONTROL.test(query));
    recorded = undefined;
    // The quota is read with the group before the run is stored; counted only by the statement
    // that stores the run already claimed by this process, and all used (nothing given back).
    const counting = statements.filter((query) => /"usage_counters"/.test(query));
    expect(counting, statements.join('\n')).toHaveLength(2);
    expect(counting[0]).toMatch(/"project_users"\."role"/);
    expect(counting[0]).not.toMatch(/insert into "usage_counters"/);
    expect(counting[1]).toMatch(/insert into "usage_counters"/);
    expect(counting[1]).toMatch(/^with "claimed" as \(insert into "runs"/);
    expect(statements.some((query) => /^update "usage_counters"/.test(query))).toBe(false);
    // Its waiter reads nothing before its end: this process runs it, and says when it ends.
    expect(statements.filter((query) => /^select .* from "runs" where/.test(query))).toEqual([]);
  });

  it('stores the events of a run that ends within a quarter second with its end only', async () => {
    // The model answers after 80 ms, longer than a write window of old: the run's start and
    // first nodes are stored with its end.
    const { group } = await w.make.flow('compatible:quick-chat');
    recorded = [];
    const started = await w.as.owner.post('/api/runs', {
      projectId: w.projectId,
      nodeGroupId: group.id,
      inputs: { question: 'once?' },
    });
    expect(started.status).toBe(202);
    const run = await w.t.app.runJobs.executor.waitFor(started.body.run.id, 10_000);
    const statements = recorded;
    recorded = undefined;
    expect(run).toMatchObject({ status: 'succeeded' });
    const eventWrites = statements.filter((query) => /insert into "run_events"/.test(query));
    expect(eventWrites, statements.join('\n')).toHaveLength(1);
    expect(eventWrites[0]).toMatch(/update "runs" set "status"/);
    const events = await w.as.owner.get(`/api/runs/${run!.id}/events?after=0`);
    expect(events.body.items.map((event: { seq: number }) => event.seq)).toEqual(
      events.body.items.map((_: unknown, i: number) => i + 1),
    );
    expect(events.body.items.at(-1)).toMatchObject({ type: 'run-status', status: 'succeeded' });
  });

  it.runIf(kind === 'postgres')('signals nobody else: only its own process waits', async () => {
    const listener = new pg.Client({ connectionString: w.t.database.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', ({ payload }) => heard.push(payload ?? ''));
    await listener.query('LISTEN flowsmith_runs');
    try {
      await handle('anyone there?');
      // A signal is sent at its statement's commit, before the answer: none came.
      await listener.query('select 1');
      expect(heard).toEqual([]);
    } finally {
      await listener.end();
    }
  });
});
