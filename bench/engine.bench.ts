// `npm run bench:engine`: the engine's per-node overhead on a 1,000-node chain and a 1,000-node
// fan-out, with an instant model, measured against a plain loop calling the same node functions
// in the same process and run; then the same workflows run through the server (queue, database,
// events, model calls with their quota check and request log) on the embedded database and,
// with DATABASE_URL, on PostgreSQL: the per-node time users pay, beside the engine's. Through the
// server each node calls a local OpenAI-compatible model that answers at once (the tests' fake
// server in this process), whose bare cost is measured in the same run and shown apart: the
// same request with the same `fetch`, its stream read and parsed as it arrives. CPU time is the
// process's (the model server's included, as in the bare call), per node or per call.
// There a node takes milliseconds, so those workflows have 200 nodes (BENCH_SERVER_NODES). The
// per-node figure is that of a server that has been running: measured after a few unmeasured runs
// (BENCH_SERVER_WARMUP), as bench:runs measures after its first 500, and on PostgreSQL once its
// realtime fan-out knows it is the only server; the first run after start, slower while the
// server's code is compiled, is printed beside it.
import './support/as-started';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import {
  executionWaves,
  nodeRegistry,
  runWorkflow,
  type TEngineNode,
  type TEngineServices,
  type TValues,
  type TWorkflow,
} from '@flowsmith/engine';
import { subscriptionPlans } from '../apps/server/src/db/schema/index';
import { FANOUT_HEARTBEAT_MS } from '../apps/server/src/lib/realtime-fanout';
import { startFakeOpenAiServer } from '../apps/server/src/test/fake-openai-server';
import { startBenchApp } from './support/bench-app';
import { streamedChat } from './support/model-call';

const NODES = 1_000;
const ROUNDS = 7;
/** Through the server a node takes milliseconds: fewer nodes and rounds keep the run short. */
const SERVER_NODES = Number(process.env.BENCH_SERVER_NODES ?? 200);
const SERVER_ROUNDS = Number(process.env.BENCH_SERVER_ROUNDS ?? 5);
/** Unmeasured runs of each workflow before the measured ones, as bench:runs has. */
const SERVER_WARMUP = Number(process.env.BENCH_SERVER_WARMUP ?? 4);

const services: TEngineServices = {
  models: {
    async streamText(request) {
      request.onDelta('ok');
      return { text: 'ok' };
    },
    async generateImage() {
      throw new Error('not used');
    },
  },
  customAis: { get: async () => undefined },
  databases: { read: async () => [], append: async () => undefined },
  now: () => new Date(0),
};

const processor = (id: string): TEngineNode<'ai_processor'> => ({
  id,
  kind: 'ai_processor',
  title: id,
  params: { model: 'instant', template: '{{input}}' },
});
const edge = (source: string, target: string) => ({
  source,
  target,
  sourceHandle: 'text',
  targetHandle: 'input',
});

/** A workflow of processors only, so the baseline can call the processor directly. */
type TProcessorFlow = { nodes: TEngineNode<'ai_processor'>[]; edges: TWorkflow['edges'] };

function chain(count = NODES): TProcessorFlow {
  const nodes = Array.from({ length: count }, (_, i) => processor(`n${i}`));
  return { nodes, edges: nodes.slice(1).map((node, i) => edge(nodes[i]!.id, node.id)) };
}

function fanOut(count = NODES): TProcessorFlow {
  const nodes = Array.from({ length: count }, (_, i) => processor(`n${i}`));
  return { nodes, edges: nodes.slice(1).map((node) => edge('n0', node.id)) };
}

/** The baseline: the same node functions called in dependency order, with no engine around them. */
async function plainLoop(workflow: TProcessorFlow): Promise<void> {
  const outputs = new Map<string, TValues>();
  const byId = new Map(workflow.nodes.map((node) => [node.id, node]));
  const incoming = new Map<string, TWorkflow['edges']>();
  for (const e of workflow.edges) incoming.set(e.target, [...(incoming.get(e.target) ?? []), e]);
  const signal = new AbortController().signal;
  for (const wave of executionWaves(
    workflow.nodes.map((n) => n.id),
    workflow.edges,
  )) {
    for (const id of wave) {
      const inputs: TValues = {};
      for (const e of incoming.get(id) ?? [])
        inputs[e.targetHandle] = outputs.get(e.source)?.[e.sourceHandle];
      const node = byId.get(id)!;
      outputs.set(
        id,
        await nodeRegistry.ai_processor!.run({
          node,
          inputs,
          runInputs: {},
          signal,
          token: () => undefined,
          services,
        }),
      );
    }
  }
}

async function engine(workflow: TWorkflow): Promise<void> {
  const result = await runWorkflow(
    workflow,
    nodeRegistry,
    {},
    services,
    { concurrency: 8 },
    () => undefined,
  );
  if (result.status !== 'succeeded')
    throw new Error(`engine run ${result.status}: ${result.error}`);
}

/** The median time of `rounds` runs of `work` after one to warm up, and their mean CPU time. */
async function timed(work: () => Promise<void>, rounds = ROUNDS) {
  await work();
  const times: number[] = [];
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuStart);
  return {
    ms: times.sort((a, b) => a - b)[Math.floor(rounds / 2)]!,
    cpuMs: (cpu.user + cpu.system) / 1000 / rounds,
  };
}

const median = async (work: () => Promise<void>, rounds = ROUNDS) => (await timed(work, rounds)).ms;

/**
 * Median time of the workflow run through the server in this process: imported into a project
 * as processors on the local model, started with `POST /api/runs`, and awaited until its end
 * is stored.
 */
async function throughServer(
  kind: 'pglite' | 'postgres',
  workflows: Array<[string, TProcessorFlow]>,
  modelUrl: string,
) {
  const bench = await startBenchApp(kind, {
    OPENAI_COMPATIBLE_BASE_URL: modelUrl,
    OPENAI_COMPATIBLE_MODELS: 'tiny-chat',
  });
  const startedAt = performance.now();
  try {
    // Each round makes a thousand model calls; the free plan's monthly quota would stop them.
    await bench.database.db
      .update(subscriptionPlans)
      .set({ requestsPerMonth: 1_000_000_000 })
      .where(eq(subscriptionPlans.code, 'free'));
    const owner = await bench.signUp(`engine-${kind}@example.com`, 'Bench');
    const post = (url: string, payload: object) =>
      bench.post<{ id: string; run: { id: string } }>(owner.cookie, url, payload);
    const handle = (name: string) => [{ name, label: name, type: 'text' }];
    const runners: Array<[string, () => Promise<void>]> = [];
    for (const [name, workflow] of workflows) {
      const project = await post('/api/projects', { name });
      await post(`/api/projects/${project.id}/graph/import`, {
        mode: 'copy',
        graph: {
          format: 'flowsmith.graph',
          version: 1,
          nodes: workflow.nodes.map((node, i) => ({
            id: node.id,
            type: 'ai_processor',
            position: { x: (i % 40) * 300, y: Math.floor(i / 40) * 200 },
            // A fixed prompt: the answers do not grow along the chain.
            data: { title: node.title, params: { model: 'compatible:tiny-chat', template: 'ok' } },
            inputs: handle('input'),
            outputs: handle('text'),
          })),
          edges: workflow.edges.map((e, i) => ({ id: `e${i}`, ...e })),
        },
      });
      runners.push([
        name,
        async () => {
          const { run } = await post('/api/runs', { projectId: project.id, inputs: {} });
          const finished = await bench.app.runJobs.executor.waitFor(run.id, 600_000);
          if (finished?.status !== 'succeeded')
            throw new Error(`server run ${finished?.status}: ${finished?.error}`);
        },
      ]);
    }
    // The first run of each right after start, while its code is still being compiled.
    const firstMs = new Map<string, number>();
    for (const [name, run] of runners) {
      const start = performance.now();
      await run();
      firstMs.set(name, performance.now() - start);
    }
    // A server that has been running: its code compiled and optimised by earlier runs, and its
    // realtime fan-out past the first two heartbeats, when it cannot know yet whether other
    // servers share the database (alone, it sends them nothing).
    const settled = () =>
      kind === 'pglite' || performance.now() - startedAt > 2 * FANOUT_HEARTBEAT_MS + 1_000;
    for (let i = 0; i < SERVER_WARMUP || !settled(); i++)
      for (const [, run] of runners) await run();
    const perWorkflow = new Map<string, { ms: number; cpuMs: number; firstMs: number }>();
    for (const [name, run] of runners)
      perWorkflow.set(name, { ...(await timed(run, SERVER_ROUNDS)), firstMs: firstMs.get(name)! });
    return perWorkflow;
  } finally {
    await bench.close();
  }
}

const workflows: Array<[string, TProcessorFlow]> = [
  ['chain', chain()],
  ['fan-out', fanOut()],
];
const perNode = (ms: number, nodes = NODES) => (ms * 1000) / nodes;
const engineTimes = new Map<string, number>();
const rows: Array<Record<string, string>> = [];
for (const [name, workflow] of workflows) {
  const plain = await median(() => plainLoop(workflow));
  const withEngine = await median(() => engine(workflow));
  engineTimes.set(name, withEngine);
  rows.push({
    workflow: `${NODES}-node ${name}`,
    'plain loop µs/node': perNode(plain).toFixed(1),
    'engine µs/node': perNode(withEngine).toFixed(1),
    'overhead µs/node': (perNode(withEngine) - perNode(plain)).toFixed(1),
    'engine / plain': (withEngine / plain).toFixed(2),
  });
}
console.log(`Engine overhead, median of ${ROUNDS} rounds (instant in-process model)`);
console.table(rows);

/** Time and CPU time of one streamed call to the local model on its own, as a node makes it. */
async function directModelCall(modelUrl: string) {
  const { ms, cpuMs } = await timed(async () => {
    for (let i = 0; i < 100; i++) await streamedChat(modelUrl, 'tiny-chat', 'ok');
  });
  return { ms: ms / 100, cpuMs: cpuMs / 100 };
}

const model = await startFakeOpenAiServer();
const modelCall = await directModelCall(model.baseUrl);
const serverRows: Array<Record<string, string>> = [];
for (const kind of [
  'pglite',
  ...(process.env.DATABASE_URL ? ['postgres' as const] : []),
] as const) {
  const times = await throughServer(
    kind,
    [
      ['chain', chain(SERVER_NODES)],
      ['fan-out', fanOut(SERVER_NODES)],
    ],
    model.baseUrl,
  );
  for (const [name, { ms, cpuMs, firstMs }] of times) {
    const engineMs = engineTimes.get(name)!;
    serverRows.push({
      workflow: `${SERVER_NODES}-node ${name}`,
      database: kind === 'pglite' ? 'embedded' : 'PostgreSQL',
      'engine µs/node (1,000 nodes)': perNode(engineMs).toFixed(1),
      'first run µs/node': perNode(firstMs, SERVER_NODES).toFixed(0),
      'server µs/node': perNode(ms, SERVER_NODES).toFixed(0),
      'server CPU µs/node': perNode(cpuMs, SERVER_NODES).toFixed(0),
      'server / engine': (perNode(ms, SERVER_NODES) / perNode(engineMs)).toFixed(0),
      'bare model call µs (CPU)': `${(modelCall.ms * 1000).toFixed(0)} (${(modelCall.cpuMs * 1000).toFixed(0)})`,
      'server less model µs/node': (perNode(ms, SERVER_NODES) - modelCall.ms * 1000).toFixed(0),
      'goal ≤ 1 ms/node': perNode(ms, SERVER_NODES) <= 1_000 ? 'met' : 'NOT met',
    });
  }
}
await model.close();
console.log(
  `Through the server (queue, database, events, a local model answering at once), median of ${SERVER_ROUNDS} rounds after ${SERVER_WARMUP} unmeasured runs of each workflow; beside it, the first run after start`,
);
console.table(serverRows);
if (!process.env.DATABASE_URL) console.log('DATABASE_URL is not set: PostgreSQL is left out.');
