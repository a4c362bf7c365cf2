// `npm run bench:engine`: the engine's per-node overhead on a 1,000-node chain and a 1,000-node
// fan-out, with an instant model, measured against a plain loop calling the same node functions
// in the same process and run.
import { performance } from 'node:perf_hooks';
import {
  executionWaves,
  nodeRegistry,
  runWorkflow,
  type TEngineNode,
  type TEngineServices,
  type TValues,
  type TWorkflow,
} from '@flowsmith/engine';

const NODES = 1_000;
const ROUNDS = 7;

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

function chain(): TProcessorFlow {
  const nodes = Array.from({ length: NODES }, (_, i) => processor(`n${i}`));
  return { nodes, edges: nodes.slice(1).map((node, i) => edge(nodes[i]!.id, node.id)) };
}

function fanOut(): TProcessorFlow {
  const nodes = Array.from({ length: NODES }, (_, i) => processor(`n${i}`));
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

async function median(work: () => Promise<void>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
}

const rows: Array<Record<string, string>> = [];
for (const [name, build] of [
  ['chain', chain],
  ['fan-out', fanOut],
] as const) {
  const workflow = build();
  const plain = await median(() => plainLoop(workflow));
  const withEngine = await median(() => engine(workflow));
  const perNode = (ms: number) => (ms * 1000) / NODES;
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
