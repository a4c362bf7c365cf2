/**
 * `npm run bench:api`: a trivial workflow (input → output) through `POST /api/custom_ais/handle`
 * with an API key, 50 callers at once, on the embedded database and (with DATABASE_URL) on
 * PostgreSQL, against the same workflow run by the engine in this process with no HTTP and no
 * database (the limit); `/api/check` against a bare Fastify route served by the same process;
 * and the idle memory of the built server after its start. The load comes from wrk when it is
 * installed, else from a Node process of its own (support/load.ts). Goals: ≥ 150 executions/s
 * embedded, ≥ 300 on PostgreSQL, p99 ≤ 500 ms; `/api/check` ≥ 0.5 of the bare route with p99 ≤
 * 15 ms; idle RSS < 400 MiB embedded, < 250 MiB on PostgreSQL.
 */
import './support/as-started';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { nodeRegistry, runWorkflow, type TWorkflow } from '@flowsmith/engine';
import { runs } from '../apps/server/src/db/schema/index';
import { startBenchApp } from './support/bench-app';
import { startFlowsmith } from './support/flowsmith-server';
import { load as loadWith, loadTool, type TLoadSpec, type TLoad } from './support/load';
import { percentile } from './support/measure';
import { mainThreadCpuUs } from './support/thread-cpu';

const CALLERS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/**
 * A figure, and this process's CPU time per answer (the server's, as the load comes from
 * outside): all threads, and the main thread alone (HTTP and the engine, without the embedded
 * database's thread).
 */
type TMeasured = TLoad & { cpuUs: number; mainCpuUs: number };

const cpuSince = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start);
  return user + system;
};

async function load(
  spec: Omit<TLoadSpec, 'callers' | 'seconds'>,
  { warmUp = false } = {},
): Promise<TMeasured> {
  // A route's first requests compile its path: a second of load first, not counted.
  if (warmUp) await loadWith({ ...spec, callers: CALLERS, seconds: 1 });
  const start = process.cpuUsage();
  const mainStart = mainThreadCpuUs();
  const result = await loadWith({ ...spec, callers: CALLERS, seconds: SECONDS });
  const answered = Math.max(1, result.answered);
  return {
    ...result,
    cpuUs: cpuSince(start) / answered,
    mainCpuUs: (mainThreadCpuUs() - mainStart) / answered,
  };
}

/** The limit: the same workflow run by the engine, 50 at once, with no HTTP and no database. */
async function engineOnly(): Promise<TMeasured> {
  const workflow: TWorkflow = {
    nodes: [
      { id: 'in', kind: 'input', title: 'in', params: { name: 'question' } },
      { id: 'out', kind: 'ai_output', title: 'out', params: { name: 'answer' } },
    ] as TWorkflow['nodes'],
    edges: [{ source: 'in', sourceHandle: 'value', target: 'out', targetHandle: 'text' }],
  };
  const services = {
    models: {
      streamText: () => Promise.reject(new Error('not used')),
      generateImage: () => Promise.reject(new Error('not used')),
    },
    customAis: { get: async () => undefined },
    databases: { read: async () => [], append: async () => undefined },
    now: () => new Date(),
  };
  const durations: number[] = [];
  const cpuStart = process.cpuUsage();
  const mainStart = mainThreadCpuUs();
  const started = performance.now();
  const until = started + Math.min(SECONDS, 3) * 1000;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (performance.now() < until) {
        const at = performance.now();
        const result = await runWorkflow(
          workflow,
          nodeRegistry,
          { question: 'why?' },
          services,
          { concurrency: 8 },
          () => undefined,
        );
        if (result.status !== 'succeeded') throw new Error(`engine run ${result.status}`);
        durations.push(performance.now() - at);
      }
    }),
  );
  const ms = performance.now() - started;
  return {
    answered: durations.length,
    failures: 0,
    perSecond: (durations.length / ms) * 1000,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    cpuUs: cpuSince(cpuStart) / Math.max(1, durations.length),
    mainCpuUs: (mainThreadCpuUs() - mainStart) / Math.max(1, durations.length),
  };
}

/** The server in this process on that database, with a flow and an API key to call it with. */
async function throughServer(kind: 'pglite' | 'postgres') {
  const bench = await startBenchApp(kind);
  try {
    const owner = await bench.signUp(`api-${kind}@example.com`, 'Bench');
    const call = (url: string, payload: object) =>
      bench.post<{ id: string; nodeId: string; key: string }>(owner.cookie, url, payload);
    const project = await call('/api/projects', { name: 'Bench' });
    const group = await call('/api/node_groups', {
      projectId: project.id,
      name: 'Flow',
      type: 'ai_group',
    });
    const node = (type: string, params: object) =>
      call('/api/nodes', {
        projectId: project.id,
        type,
        parentId: group.nodeId,
        data: { title: type, params },
      });
    const input = await node('input', { name: 'question' });
    const output = await node('ai_output', { name: 'answer' });
    await call('/api/node_connections', {
      projectId: project.id,
      source: input.id,
      sourceHandle: 'value',
      target: output.id,
      targetHandle: 'text',
    });
    const { key } = await call('/api/api_keys', { name: 'bench' });
    await bench.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(bench.app.server.address() as AddressInfo).port}`;

    const handle = await load({
      url: `${url}/api/custom_ais/handle`,
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: { nodeGroupId: group.id, inputs: { question: 'why?' } },
    });
    if (kind === 'postgres') return { handle };
    // The callers stop at the deadline, but the requests they sent last are still served (a run
    // is stored only once its request got through authentication) and their runs still finish:
    // the routes below are measured once the server is idle again (no run left, and this
    // process using under a tenth of a core), both alike.
    const runsBusy = async () =>
      (
        await bench.database.db
          .select({ id: runs.id })
          .from(runs)
          .where(inArray(runs.status, ['queued', 'running']))
          .limit(1)
      ).length > 0;
    const quiet = async () => {
      const start = process.cpuUsage();
      await new Promise((resolve) => setTimeout(resolve, 500));
      return cpuSince(start) < 50_000;
    };
    while ((await runsBusy()) || !(await quiet()));
    // The bare route is served by this process too, so both share its event loop alike.
    const bare = Fastify();
    bare.get('/bare', async () => ({ ok: true }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;
    const check = await load({ url: `${url}/api/check`, method: 'GET' }, { warmUp: true });
    const bareRoute = await load({ url: bareUrl, method: 'GET' }, { warmUp: true });
    await bare.close();
    return { handle, check, bareRoute };
  } finally {
    await bench.close();
  }
}

/** RSS of the built server (`dist/server.js`, as `npm start` runs it) once idle after start. */
async function idleRss(env: Record<string, string>) {
  const server = await startFlowsmith({ serverOnly: true, env });
  try {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  } finally {
    await server.stop();
  }
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const loadBefore = loadAverage();
const limit = await engineOnly();
const embedded = await throughServer('pglite');
const postgres = process.env.DATABASE_URL ? await throughServer('postgres') : undefined;

const row = (path: string, r: TMeasured, baseline: TMeasured) => ({
  path,
  'per second': r.perSecond.toFixed(0),
  'p50 ms': r.p50.toFixed(1),
  'p99 ms': r.p99.toFixed(1),
  failures: r.failures,
  'vs baseline': (r.perSecond / baseline.perSecond).toFixed(3),
  'CPU µs each': r.cpuUs.toFixed(1),
  'main thread µs': r.mainCpuUs.toFixed(0),
});
console.log(
  `${CALLERS} callers, ${SECONDS} s each, load from ${loadTool}; load average ${loadBefore} before, ${loadAverage()} after`,
);
console.log(
  "CPU µs each: this process's CPU time per answer, all threads (the server's; PostgreSQL's own is not in it); main thread µs: the main thread's alone, in 10 ms steps",
);
console.table([
  row('engine only, no HTTP or database (the limit)', limit, limit),
  row('custom_ais/handle, embedded database', embedded.handle, limit),
  ...(postgres ? [row('custom_ais/handle, PostgreSQL', postgres.handle, limit)] : []),
  row('bare Fastify route, same process', embedded.bareRoute!, embedded.bareRoute!),
  row('/api/check, embedded database', embedded.check!, embedded.bareRoute!),
]);
if (!postgres) console.log('DATABASE_URL is not set: PostgreSQL is left out.');

const rssEmbedded = await idleRss({ LOG_LEVEL: 'warn' });
const rssPostgres = process.env.DATABASE_URL
  ? await idleRss({ LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL })
  : undefined;
console.log(
  `idle RSS after start: embedded ${rssEmbedded.toFixed(0)} MiB (goal < 400)` +
    (rssPostgres === undefined ? '' : `; PostgreSQL ${rssPostgres.toFixed(0)} MiB (goal < 250)`),
);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
console.log(
  [
    `embedded: ${embedded.handle.perSecond.toFixed(0)}/s, p99 ${embedded.handle.p99.toFixed(0)} ms (goal ≥ 150/s, p99 ≤ 500 ms: ${verdict(embedded.handle.perSecond >= 150 && embedded.handle.p99 <= 500)})`,
    ...(postgres
      ? [
          `PostgreSQL: ${postgres.handle.perSecond.toFixed(0)}/s, p99 ${postgres.handle.p99.toFixed(0)} ms (goal ≥ 300/s, p99 ≤ 500 ms: ${verdict(postgres.handle.perSecond >= 300 && postgres.handle.p99 <= 500)})`,
        ]
      : []),
    `/api/check: ${(embedded.check!.perSecond / embedded.bareRoute!.perSecond).toFixed(2)} of the bare route, p99 ${embedded.check!.p99.toFixed(1)} ms (goal ≥ 0.5, p99 ≤ 15 ms: ${verdict(embedded.check!.perSecond >= 0.5 * embedded.bareRoute!.perSecond && embedded.check!.p99 <= 15)})`,
  ].join('\n'),
);
