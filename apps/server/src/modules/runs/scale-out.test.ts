import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TRun } from '@flowsmith/shared';
import { reqLogs, runEvents, runNodeStates, runs } from '../../db/schema/index';
import { createWorld, type TWorld } from '../../test/api-world';
import { startChild, startServerChild, type TChild } from '../../test/child-process';
import { startFakeOpenAiServer, type TFakeOpenAiServer } from '../../test/fake-openai-server';
import { openTestDatabase } from '../../test/test-databases';

const SECRET_KEY = 'test-secret-key-that-is-long-enough-0123';
const ORIGIN = 'http://flowsmith.test';
const LEASE_SECONDS = 3;
// Long enough for slow-chat to stream for several seconds.
const QUESTION = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');

type TEvent = { seq: number; type: string; status?: string; error?: string };

const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch((error: unknown) => error);
    if (!(value instanceof Error) && ok(value as T)) return value as T;
    if (Date.now() > deadline)
      throw new Error(
        `gave up waiting; last: ${String(value instanceof Error ? value : JSON.stringify(value))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * Two servers (which execute nothing) and two workers (a third joins the last test) as child
 * processes on one throw-away PostgreSQL, with pg-boss. A worker's publications reach server B's
 * Socket.IO clients through the realtime fan-out; B also serves the stored events a client
 * catches up with.
 */
// Four processes share two cores with the rest of the suite: waits are generous, never timed.
vi.setConfig({ testTimeout: 180_000 });

describe.skipIf(!process.env.DATABASE_URL)('several servers and workers on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let w: TWorld;
  let ai: TFakeOpenAiServer;
  let dataDir: string;
  const children: TChild[] = [];
  let env: Record<string, string>;
  let serverA: { child: TChild; url: string };
  let serverB: { child: TChild; url: string };
  let workers: TChild[];

  async function startServer() {
    const { child, started, url } = await startServerChild({ ...env, RUN_CONCURRENCY: '0' });
    children.push(child);
    expect(started, child.output).toBe(true);
    expect(child.code, child.output).toBeNull();
    return { child, url };
  }

  async function startWorker() {
    const child = await startChild('worker.ts', env, /worker is running|failed to start/);
    children.push(child);
    // A worker that failed to start may not have exited yet: its own words say whether it runs.
    expect(child.output).toMatch(/worker is running/);
    expect(child.code, child.output).toBeNull();
    return child;
  }

  const call = async (base: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      // A request that never gets an answer fails the wait it is in, instead of the whole test.
      signal: AbortSignal.timeout(15_000),
      headers: {
        cookie: w.users.owner.cookie,
        origin: ORIGIN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  const runRow = async (id: string) =>
    (await database.db.select().from(runs).where(eq(runs.id, id)))[0]!;
  const ownerPid = (row: { leaseOwner: string | null }) => Number(row.leaseOwner?.split(':')[1]);
  const eventsOn = async (base: string, id: string, after = 0) =>
    (await call(base, 'GET', `/api/runs/${id}/events?after=${after}`)).body.items as TEvent[];

  async function startRun(base: string, model: string) {
    const { group } = await w.make.flow(model);
    const answer = await call(base, 'POST', '/api/runs', {
      projectId: w.projectId,
      nodeGroupId: group.id,
      inputs: { question: QUESTION },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    return answer.body.run as TRun;
  }

  beforeAll(async () => {
    ai = await startFakeOpenAiServer();
    database = await openTestDatabase('postgres');
    w = await createWorld(database, {
      env: { OPENAI_COMPATIBLE_BASE_URL: ai.baseUrl },
      // This in-test app only prepares people and canvases: it executes no run.
      config: { runs: { parallelRuns: 0 } },
    });
    dataDir = await mkdtemp(path.join(tmpdir(), 'flowsmith-scale-'));
    env = {
      DATABASE_URL: database.url!,
      RUN_QUEUE: 'pg-boss',
      RUN_LEASE_SECONDS: String(LEASE_SECONDS),
      SECRET_KEY,
      PUBLIC_URL: ORIGIN,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ALLOW_PRIVATE_PROVIDER_URLS: 'true',
      OPENAI_COMPATIBLE_BASE_URL: ai.baseUrl,
    };
    [serverA, serverB, ...workers] = await Promise.all([
      startServer(),
      startServer(),
      startWorker(),
      startWorker(),
    ]);
  }, 180_000);

  afterEach(({ task }) => {
    // The processes' own logs say why a run did not move when a wait gives up.
    if (task.result?.state === 'fail')
      for (const child of children)
        console.error(`--- pid ${child.pid}\n${child.log().slice(-4_000)}`);
  });

  afterAll(async () => {
    await Promise.all(children.map((child) => child.kill()));
    await w?.t.close();
    await database?.close();
    await ai?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function socketOn(base: string) {
    const wsToken = (await call(base, 'GET', '/api/auth/ws-token')).body.token;
    const socket = connect(base, {
      auth: { token: wsToken },
      transports: ['websocket'],
      reconnection: false,
    });
    const published: TEvent[] = [];
    socket.on('publication', (publication) => published.push(publication.data as TEvent));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    return { socket, published };
  }

  it('runs through server A on a worker, streams it to server B, and a cancel sent to B stops it within a second', async () => {
    const { socket, published } = await socketOn(serverB.url);
    const run = await startRun(serverA.url, 'compatible:slow-chat');
    expect((await socket.emitWithAck('subscribe', `run:${run.id}`)).ok).toBe(true);
    await until(
      async () => published,
      (list) => list.filter((e) => e.type === 'node-token').length >= 2,
    );
    const tokens = await until(
      () => eventsOn(serverB.url, run.id),
      (events) => events.filter((e) => e.type === 'node-token').length >= 2,
    );
    expect(tokens.map((e) => e.seq)).toEqual(tokens.map((_, i) => i + 1));
    const row = await runRow(run.id);
    expect(row.status).toBe('running');
    expect(workers.map((child) => child.pid)).toContain(ownerPid(row));

    const sent = Date.now();
    const cancelled = await call(serverB.url, 'POST', `/api/runs/${run.id}/cancel`);
    expect(cancelled.status).toBe(202);
    const ended = await until(
      () => runRow(run.id),
      (r) => r.status !== 'running',
      5_000,
    );
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(ended.status).toBe('cancelled');
    const events = await eventsOn(serverB.url, run.id);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.at(-1)).toMatchObject({ type: 'run-status', status: 'cancelled' });
    await until(
      async () => published,
      (list) => list.some((e) => e.type === 'run-status' && e.status === 'cancelled'),
      5_000,
    );
    socket.disconnect();
  });

  it('cancels a queued run at once with a stored, numbered event that server B publishes', async () => {
    // The in-test app stores the run but hands it to no worker, so it stays queued.
    const id = await w.make.flowRun('compatible:tiny-chat');

    const { socket, published } = await socketOn(serverB.url);
    expect((await socket.emitWithAck('subscribe', `run:${id}`)).ok).toBe(true);

    expect((await call(serverB.url, 'POST', `/api/runs/${id}/cancel`)).status).toBe(202);
    expect((await runRow(id)).status).toBe('cancelled');
    const stored = await eventsOn(serverB.url, id);
    expect(stored).toEqual([
      expect.objectContaining({ seq: 1, type: 'run-status', status: 'cancelled' }),
    ]);
    await until(
      async () => published,
      (list) => list.length > 0,
      5_000,
    );
    expect(published[0]).toMatchObject({ seq: 1, type: 'run-status', status: 'cancelled' });
    socket.disconnect();
  });

  it('a second server start leaves the running runs of others alone', async () => {
    const run = await startRun(serverA.url, 'compatible:slow-chat');
    const running = await until(
      () => runRow(run.id),
      (r) => r.status === 'running',
    );
    const serverC = await startServer();
    expect(serverC.child.output).not.toContain('ended runs whose process had stopped');
    // Longer than a lease: the worker's heartbeat keeps it, so no recovery takes it.
    await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1000 + 500));
    const still = await runRow(run.id);
    expect(still.leaseOwner).toBe(running.leaseOwner);
    const done = await until(
      () => runRow(run.id),
      (r) => r.status !== 'running',
    );
    expect(done.status).toBe('succeeded');
    expect(done.outputs).toEqual({ answer: `Hello from tiny: Q: ${QUESTION}` });
  });

  it('ends the run of a killed worker as interrupted once its lease expires; the other worker goes on', async () => {
    const run = await startRun(serverA.url, 'compatible:slow-chat');
    const running = await until(
      () => runRow(run.id),
      (r) => r.status === 'running' && r.leaseOwner !== null,
    );
    const victim = workers.find((child) => child.pid === ownerPid(running))!;
    await until(
      () => eventsOn(serverB.url, run.id),
      (events) => events.some((e) => e.type === 'node-token'),
    );
    await victim.kill();
    const killedAt = Date.now();

    const ended = await until(
      () => runRow(run.id),
      (r) => r.status !== 'running',
      LEASE_SECONDS * 1000 * 4,
    );
    expect(Date.now() - killedAt).toBeGreaterThan(LEASE_SECONDS * 1000 - 1_500);
    expect(ended).toMatchObject({
      status: 'failed',
      error: 'Interrupted: the process running it stopped',
    });
    const states = await database.db
      .select()
      .from(runNodeStates)
      .where(eq(runNodeStates.runId, run.id));
    expect(states.filter((s) => ['queued', 'running'].includes(s.status))).toEqual([]);
    const events = await eventsOn(serverB.url, run.id);
    expect(events.at(-1)).toMatchObject({ type: 'run-status', status: 'failed' });
    expect(new Set(events.map((e) => e.seq)).size).toBe(events.length);

    const next = await startRun(serverB.url, 'compatible:tiny-chat');
    const finished = await until(
      () => runRow(next.id),
      (r) => !['queued', 'running'].includes(r.status),
    );
    expect(finished.status).toBe('succeeded');
    expect((await database.db.select().from(runs).where(eq(runs.status, 'running'))).length).toBe(
      0,
    );
  });

  it('loses no run, leaves none running and ends none twice while two servers and three workers are killed in turn', async () => {
    workers.push(await startWorker());
    const { group } = await w.make.flow('compatible:slow-chat');
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Runs keep coming through whichever server answers while the processes are killed.
    const accepted: string[] = [];
    let posting = true;
    const posted = (async () => {
      for (let i = 0; posting; i++) {
        const base = (i % 2 ? serverB : serverA).url;
        const answer = await call(base, 'POST', '/api/runs', {
          projectId: w.projectId,
          nodeGroupId: group.id,
          // About two seconds each: every worker has runs under way when it is killed.
          inputs: { question: 'one two three four five six seven eight nine ten eleven twelve' },
        }).catch(() => undefined);
        if (answer?.status === 202) accepted.push((answer.body.run as TRun).id);
        await sleep(250);
      }
    })();
    const restartWorker = (index: number) => async () => {
      await workers[index]!.kill();
      workers[index] = await startWorker();
    };
    // Server A, worker 1, server B, worker 2, worker 3.
    for (const killAndRestart of [
      async () => {
        await serverA.child.kill();
        serverA = await startServer();
      },
      restartWorker(0),
      async () => {
        await serverB.child.kill();
        serverB = await startServer();
      },
      restartWorker(1),
      restartWorker(2),
    ]) {
      await sleep(1_500);
      await killAndRestart();
    }
    posting = false;
    await posted;

    const ofGroup = eq(runs.nodeGroupId, group.id);
    const open = () =>
      database.db
        .select({ id: runs.id })
        .from(runs)
        .where(and(ofGroup, inArray(runs.status, ['queued', 'running'])));
    await until(open, (rows) => rows.length === 0, LEASE_SECONDS * 1000 * 20);

    const stored = await database.db
      .select({ id: runs.id, status: runs.status, error: runs.error })
      .from(runs)
      .where(ofGroup);
    expect(accepted.length).toBeGreaterThan(10);
    const storedIds = new Set(stored.map((run) => run.id));
    expect(accepted.filter((id) => !storedIds.has(id))).toEqual([]);
    for (const run of stored)
      expect([
        { status: 'succeeded', error: null },
        { status: 'failed', error: 'Interrupted: the process running it stopped' },
      ]).toContainEqual({ status: run.status, error: run.error });
    expect(stored.some((run) => run.status === 'succeeded')).toBe(true);
    expect(stored.some((run) => run.status === 'failed')).toBe(true);

    const ends = await database.db
      .select({ runId: runEvents.runId, count: sql<number>`count(*)::int` })
      .from(runEvents)
      .where(
        and(
          inArray(runEvents.runId, [...storedIds]),
          sql`${runEvents.event}->>'type' = 'run-status'`,
          sql`${runEvents.event}->>'status' in ('succeeded', 'failed', 'cancelled')`,
        ),
      )
      .groupBy(runEvents.runId);
    expect(ends.filter((end) => end.count !== 1)).toEqual([]);
    expect(ends.length).toBe(stored.length);
    // A node's model call is made once: an interrupted run is not run again.
    const calls = await database.db
      .select({ runId: reqLogs.runId, nodeId: reqLogs.nodeId, count: sql<number>`count(*)::int` })
      .from(reqLogs)
      .where(inArray(reqLogs.runId, [...storedIds]))
      .groupBy(reqLogs.runId, reqLogs.nodeId);
    expect(calls.filter((call) => call.count > 1)).toEqual([]);
  });
});
