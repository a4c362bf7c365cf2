/**
 * `npm run bench:runs [-- --runs N]`: N runs (default 1,000) of input → ai_processor → ai_output
 * against a local OpenAI-compatible server that answers after 200 ms, 50 at a time: on the
 * in-process queue (embedded database), and with DATABASE_URL also on pg-boss with one and with
 * two `worker` processes. Side by side with the same N model calls made directly at the same
 * concurrency in the same run. Each path first makes `--warmup` runs (default 500) unmeasured,
 * once the machine is as fast as it was for the direct calls.
 * Goals: ≥ 0.8 of the direct rate; enqueue-to-start p50 ≤ 20 ms.
 */
import './support/as-started';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, type TDatabase } from '../apps/server/src/db/database';
import type { TRunJobs } from '../apps/server/src/plugins/run-jobs';
import { nodes, runNodeStates, runs, subscriptionPlans } from '../apps/server/src/db/schema/index';
import {
  startSmtpTestServer,
  verificationTokenFrom,
} from '../apps/server/src/test/smtp-test-server';
import { openTestDatabase } from '../apps/server/src/test/test-databases';
import { npmStartOptions } from '../apps/server/src/test/built-server';
import { benchConfig } from './support/bench-app';
import { percentile } from './support/measure';
import { streamedChat } from './support/model-call';
import { cpuPerRun, cpuSnapshot } from './support/cpu-probe';
import { machineSpeed } from './support/machine-speed';

const { values: args } = parseArgs({
  options: { runs: { type: 'string' }, warmup: { type: 'string' } },
});
const RUNS = Number(args.runs ?? 1_000);
// Unmeasured runs first on every path, the direct calls too: a server runs warm, and a cold one
// spends its first seconds compiling (V8's optimiser, PGlite's WebAssembly tiers).
const WARMUP = Number(args.warmup ?? 500);
const CONCURRENCY = 50;
const SECRET_KEY = 'benchmark-secret-key-that-is-long-enough';
const PASSWORD = 'benchmark password 123';
const root = path.resolve(import.meta.dirname, '..');

type TApp = Awaited<ReturnType<typeof buildApp>> & { runJobs: TRunJobs };

/** Runs `task` `count` times, CONCURRENCY at once; each one's duration and the total. */
async function closedLoop(task: () => Promise<void>, count = RUNS) {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next++;
        const at = performance.now();
        await task();
        durations.push(performance.now() - at);
      }
    }),
  );
  return { durations, ms: performance.now() - started };
}

type TResult = {
  name: string;
  durations: number[];
  ms: number;
  enqueueToStart?: number[];
  /** Per phase of a run, each run's milliseconds (see `phasesOf`). */
  phases?: Record<string, number[]>;
};

async function direct(baseUrl: string): Promise<TResult> {
  const call = () => streamedChat(baseUrl, 'delayed-chat', 'Q: why?');
  await closedLoop(call, WARMUP);
  const before = cpuSnapshot([model.pid]);
  const { durations, ms } = await closedLoop(call);
  const name = `direct model calls (${CONCURRENCY} at once)`;
  console.log(`${name}: CPU ms per call`, cpuPerRun(before, cpuSnapshot([model.pid]), [], RUNS));
  return { name, durations, ms };
}

/** Signs a person up on `app` and builds the flow; the session cookie and the group to run. */
async function prepare(app: TApp, database: TDatabase) {
  // One scenario makes RUNS model calls: more than the Free plan's month.
  await database.db.update(subscriptionPlans).set({ requestsPerMonth: 10_000_000 });
  const call = async (url: string, payload: object, cookie = '') => {
    const response = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) },
    });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.body}`);
    return { body: response.json(), cookies: response.cookies };
  };
  // Each scenario signs up someone new: the mails of all of them arrive at one SMTP server.
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  await call('/api/auth/register', { email, password: PASSWORD, name: 'Bench' });
  const token = verificationTokenFrom(await smtp.waitForMail(email));
  await call('/api/auth/verify-email', { token });
  const login = await call('/api/auth/login', { email, password: PASSWORD });
  const cookie = `token=${login.cookies.find((c) => c.name === 'token')!.value}`;
  const project = (await call('/api/projects', { name: 'Bench' }, cookie)).body;
  const group = (
    await call(
      '/api/node_groups',
      { projectId: project.id, name: 'Flow', type: 'ai_group' },
      cookie,
    )
  ).body;
  const node = async (type: string, params: Record<string, unknown>) =>
    (
      await call(
        '/api/nodes',
        { projectId: project.id, type, parentId: group.nodeId, data: { title: type, params } },
        cookie,
      )
    ).body as { id: string };
  const input = await node('input', { name: 'question' });
  const processor = await node('ai_processor', {
    model: 'compatible:delayed-chat',
    template: 'Q: {{input}}',
  });
  const output = await node('ai_output', { name: 'answer' });
  const connect = (source: string, sourceHandle: string, target: string, targetHandle: string) =>
    call(
      '/api/node_connections',
      { projectId: project.id, source, sourceHandle, target, targetHandle },
      cookie,
    );
  await connect(input.id, 'value', processor.id, 'input');
  await connect(processor.id, 'text', output.id, 'text');
  return { cookie, projectId: project.id as string, groupId: group.id as string };
}

/**
 * Where each run's time went, from the client's clock and the rows' timestamps (one machine, one
 * clock): the POST until its answer; its commit until a worker claimed it (enqueue→start); the
 * claim until the model node started (graph load, first events); that node (quota, model call,
 * request log); its end until the run's end was stored; and that until the waiter woke.
 */
async function phasesOf(
  database: TDatabase,
  timings: Map<string, { posted: number; answered: number; woke: number }>,
) {
  const ids = [...timings.keys()];
  const rows = await database.db
    .select({
      id: runs.id,
      createdAt: runs.createdAt,
      startedAt: runs.startedAt,
      finishedAt: runs.finishedAt,
      nodeStarted: runNodeStates.startedAt,
      nodeFinished: runNodeStates.finishedAt,
    })
    .from(runs)
    .innerJoin(runNodeStates, eq(runNodeStates.runId, runs.id))
    .innerJoin(nodes, and(eq(nodes.id, runNodeStates.nodeId), eq(nodes.type, 'ai_processor')))
    .where(inArray(runs.id, ids));
  const phases: Record<string, number[]> = {
    'POST answered': [],
    'enqueue→start': [],
    'start→model node': [],
    'model node': [],
    'node→run end': [],
    'end→waiter': [],
  };
  for (const row of rows) {
    const t = timings.get(row.id)!;
    phases['POST answered']!.push(t.answered - t.posted);
    phases['enqueue→start']!.push(row.startedAt!.getTime() - row.createdAt.getTime());
    phases['start→model node']!.push(row.nodeStarted!.getTime() - row.startedAt!.getTime());
    phases['model node']!.push(row.nodeFinished!.getTime() - row.nodeStarted!.getTime());
    phases['node→run end']!.push(row.finishedAt!.getTime() - row.nodeFinished!.getTime());
    phases['end→waiter']!.push(t.woke - row.finishedAt!.getTime());
  }
  return phases;
}

/**
 * POST /api/runs, then wait for the run's end (by notification): WARMUP runs, then RUNS measured
 * ones. Prints the CPU per measured run of this process, of `children` (the model server, then
 * any workers) and of this database's PostgreSQL backends (none on the embedded database).
 */
async function throughRuns(
  name: string,
  app: TApp,
  database: TDatabase,
  children: number[],
): Promise<TResult> {
  const { cookie, projectId, groupId } = await prepare(app, database);
  let timings = new Map<string, { posted: number; answered: number; woke: number }>();
  const run = async () => {
    const posted = Date.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/runs',
      payload: { projectId, nodeGroupId: groupId, inputs: { question: 'why?' } },
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    if (response.statusCode !== 202) throw new Error(`POST /api/runs: ${response.body}`);
    const answered = Date.now();
    const id = (response.json() as { run: { id: string } }).run.id;
    const run = await app.runJobs.executor.waitFor(id, 120_000);
    if (run?.status !== 'succeeded')
      throw new Error(`run ${id} ended ${run?.status}: ${run?.error}`);
    timings.set(id, { posted, answered, woke: Date.now() });
  };
  await closedLoop(run, WARMUP);
  timings = new Map();
  const before = cpuSnapshot(children);
  const { durations, ms } = await closedLoop(run);
  const after = cpuSnapshot(children);
  const backends =
    database.kind === 'postgres'
      ? (
          (await database.db.execute(
            sql`select pid from pg_stat_activity where datname = current_database()`,
          )) as unknown as { rows: Array<{ pid: number }> }
        ).rows.map((row) => row.pid)
      : [];
  console.log(`${name}: CPU ms per run`, cpuPerRun(before, after, backends, RUNS));
  const phases = await phasesOf(database, timings);
  return { name, durations, ms, enqueueToStart: phases['enqueue→start'], phases };
}

async function appOn(database: TDatabase, dataDir: string, env: Record<string, string>) {
  const config = benchConfig(dataDir, smtp.url, env);
  const app = await buildApp({ config, database, secretKey: SECRET_KEY, logger: false });
  await app.ready();
  return app as TApp;
}

/** A worker as `npm run worker` starts it: the built one, with the start script's options. */
function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...npmStartOptions, 'scripts/start.mjs', 'worker'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker is running')) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', () => reject(new Error(`the worker exited:\n${output}`)));
  });
}

/**
 * Before a path: waits for the machine to be as fast as when the direct calls were made, so a
 * path is not measured in the slowdown the one before it left (see support/machine-speed.ts).
 */
async function rested(name: string) {
  const { waitedMs, ratio } = await speed.settled();
  console.log(
    `${name}: started after ${(waitedMs / 1000).toFixed(0)} s, the machine at ${ratio.toFixed(2)}× its starting time for a fixed loop`,
  );
}

async function inProcess(baseUrl: string, dataDir: string): Promise<TResult> {
  await rested('in-process queue');
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const app = await appOn(database, dataDir, {
    OPENAI_COMPATIBLE_BASE_URL: baseUrl,
    OPENAI_COMPATIBLE_MODELS: 'delayed-chat',
  });
  try {
    return await throughRuns('in-process queue, embedded database', app, database, [model.pid]);
  } finally {
    await app.close();
    await database.close();
  }
}

async function pgBoss(baseUrl: string, dataDir: string, workers: number): Promise<TResult> {
  await rested(`pg-boss, ${workers} worker${workers > 1 ? 's' : ''}`);
  const database = await openTestDatabase('postgres');
  const env = {
    DATABASE_URL: database.url!,
    RUN_QUEUE: 'pg-boss',
    OPENAI_COMPATIBLE_BASE_URL: baseUrl,
    OPENAI_COMPATIBLE_MODELS: 'delayed-chat',
  };
  // This process serves the API and waits; the workers execute.
  const app = await appOn(database, dataDir, { ...env, RUN_CONCURRENCY: '0' });
  const children = await Promise.all(
    Array.from({ length: workers }, () =>
      startWorker({
        ...env,
        RUN_CONCURRENCY: String(CONCURRENCY),
        SECRET_KEY,
        DATA_DIR: dataDir,
        // The start line is logged at info.
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      }),
    ),
  );
  try {
    // What each process spends per run: this one (the API and the waiters), each worker, and
    // the PostgreSQL backends of this database.
    return await throughRuns(
      `pg-boss, ${workers} worker${workers > 1 ? 's' : ''} (${CONCURRENCY} runs each)`,
      app,
      database,
      [model.pid, ...children.map((c) => c.pid!)],
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) => new Promise((resolve) => child.once('exit', resolve))),
    );
    await app.close();
    await database.close();
  }
}

/** Starts support/model-server.ts; its base URL, and how to stop it. */
function startModelServer(): Promise<{ baseUrl: string; pid: number; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/model-server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('http'));
      if (line)
        resolve({
          baseUrl: line.trim(),
          pid: child.pid!,
          async close() {
            child.kill('SIGTERM');
            await exited;
          },
        });
    });
    void exited.then(() => reject(new Error(`the model server exited:\n${output}`)));
  });
}

// Its `delayed-chat` answers after 200 ms.
const model = await startModelServer();
// The sign-up link is read from a real SMTP server, as the tests read it.
const smtp = await startSmtpTestServer();
const dataDir = await mkdtemp(path.join(tmpdir(), 'flowsmith-bench-runs-'));
const speed = machineSpeed();
try {
  const baseline = await direct(model.baseUrl);
  const results = [baseline, await inProcess(model.baseUrl, path.join(dataDir, 'in-process'))];
  if (process.env.DATABASE_URL) {
    results.push(await pgBoss(model.baseUrl, path.join(dataDir, 'one'), 1));
    results.push(await pgBoss(model.baseUrl, path.join(dataDir, 'two'), 2));
  } else {
    console.log('DATABASE_URL is not set: pg-boss is left out (it needs PostgreSQL).');
  }
  const rate = (r: TResult) => (r.durations.length / r.ms) * 1000;
  console.log(
    `${RUNS.toLocaleString('en-US')} runs after ${WARMUP.toLocaleString('en-US')} unmeasured, ${CONCURRENCY} at once, against a model answering after 200 ms`,
  );
  console.table(
    results.map((r) => ({
      path: r.name,
      'per second': rate(r).toFixed(1),
      'p50 ms': percentile(r.durations, 50).toFixed(0),
      'p99 ms': percentile(r.durations, 99).toFixed(0),
      'vs direct': (rate(r) / rate(baseline)).toFixed(2),
      'enqueue→start p50 ms': r.enqueueToStart ? percentile(r.enqueueToStart, 50).toFixed(0) : '',
    })),
  );
  console.log("Where a run's time goes, p50 (p99) ms:");
  console.table(
    results
      .filter((r) => r.phases)
      .map((r) => ({
        path: r.name,
        ...Object.fromEntries(
          Object.entries(r.phases!).map(([phase, values]) => [
            phase,
            `${percentile(values, 50).toFixed(0)} (${percentile(values, 99).toFixed(0)})`,
          ]),
        ),
      })),
  );
  for (const r of results.slice(1)) {
    const ratio = rate(r) / rate(baseline);
    const start = percentile(r.enqueueToStart!, 50);
    console.log(
      `${r.name}: ${ratio.toFixed(2)} of the direct rate (goal ≥ 0.80: ${ratio >= 0.8 ? 'met' : 'NOT met'}); ` +
        `enqueue→start p50 ${start.toFixed(0)} ms (goal ≤ 20 ms: ${start <= 20 ? 'met' : 'NOT met'})`,
    );
  }
} finally {
  await model.close();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
}
