import { describe, expect, it } from 'vitest';
import { readNodeParams, type TNodeKind } from '@flowsmith/shared';
import { CycleError } from '../graph/execution-order';
import type { TEngineNode, TNodeRegistry, TRunEvent, TValues, TWorkflow } from './run-types';
import { runWorkflow } from './run-workflow';

type TServices = { log: string[] };

const node = (id: string, kind: TNodeKind = 'ai_processor'): TEngineNode => ({
  id,
  title: id,
  ...readNodeParams(kind, {}),
});
const edge = (source: string, target: string) => ({
  source,
  target,
  sourceHandle: 'text',
  targetHandle: 'input',
});

/** A processor that records when it starts and ends and passes its input on. */
function recordingRegistry(
  behaviour: (id: string, attempt: number, signal: AbortSignal) => Promise<TValues> | TValues,
) {
  const attempts = new Map<string, number>();
  const registry: TNodeRegistry<TServices> = {
    ai_processor: {
      async run({ node: n, inputs, signal, services }) {
        const attempt = (attempts.get(n.id) ?? 0) + 1;
        attempts.set(n.id, attempt);
        services.log.push(`start ${n.id}`);
        const output = await behaviour(n.id, attempt, signal);
        services.log.push(`end ${n.id}`);
        return { text: `${String(inputs.input ?? '')}${n.id}`, ...output };
      },
    },
  };
  return { registry, attempts };
}

async function run(
  workflow: TWorkflow,
  registry: TNodeRegistry<TServices>,
  options: Parameters<typeof runWorkflow>[4] = {},
) {
  const services = { log: [] as string[] };
  const events: TRunEvent[] = [];
  const result = await runWorkflow(
    workflow,
    registry,
    {},
    services,
    { sleep: async () => undefined, ...options },
    (e) => events.push(e),
  );
  return { result, events, log: services.log };
}

const tick = () => new Promise<void>((resolve) => setTimeout(() => resolve(), 5));

describe('runWorkflow', () => {
  it('runs every node after the nodes it depends on and passes outputs along', async () => {
    const { registry } = recordingRegistry(async () => ({}));
    const { result, log } = await run(
      { nodes: [node('c'), node('b'), node('a')], edges: [edge('a', 'b'), edge('b', 'c')] },
      registry,
    );
    expect(result.status).toBe('succeeded');
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(result.nodes.c).toEqual({ status: 'succeeded', output: { text: 'abc' } });
  });

  it('runs independent branches at once, never more than the bound', async () => {
    let running = 0;
    let peak = 0;
    const { registry } = recordingRegistry(async () => {
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      running -= 1;
      return {};
    });
    const nodes = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => node(id));
    const { result } = await run({ nodes, edges: [] }, registry, { concurrency: 3 });
    expect(result.status).toBe('succeeded');
    expect(peak).toBe(3);
  });

  it('refuses a cycle before running anything, naming its nodes', async () => {
    const { registry } = recordingRegistry(async () => ({}));
    const workflow = {
      nodes: [node('a'), node('b'), node('c')],
      edges: [edge('a', 'b'), edge('b', 'c'), edge('c', 'b')],
    };
    await expect(run(workflow, registry)).rejects.toThrow(CycleError);
    await expect(run(workflow, registry)).rejects.toThrow('b, c');
  });

  it('skips what lies downstream of a failure and lets other branches finish', async () => {
    const { registry } = recordingRegistry(async (id) => {
      if (id === 'bad') throw new Error('model said no');
      return {};
    });
    const { result, events } = await run(
      {
        nodes: [node('bad'), node('after'), node('later'), node('other')],
        edges: [edge('bad', 'after'), edge('after', 'later')],
      },
      registry,
    );
    expect(result.status).toBe('failed');
    expect(result.error).toBe('"bad" failed: model said no');
    expect(result.nodes.after).toMatchObject({
      status: 'skipped',
      error: 'Skipped because "bad" did not succeed',
    });
    expect(result.nodes.later?.status).toBe('skipped');
    expect(result.nodes.other?.status).toBe('succeeded');
    const statuses = events
      .filter((e) => e.type === 'node-status' && e.nodeId === 'bad')
      .map((e) => (e as { status: string }).status);
    expect(statuses).toEqual(['queued', 'running', 'failed']);
  });

  it('cancels running and queued nodes when the signal aborts', async () => {
    const controller = new AbortController();
    const { registry } = recordingRegistry(
      (_id, _attempt, signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const pending = run({ nodes: [node('a'), node('b')], edges: [edge('a', 'b')] }, registry, {
      signal: controller.signal,
    });
    await tick();
    controller.abort();
    const { result, log } = await pending;
    expect(result.status).toBe('cancelled');
    expect(result.nodes.a?.status).toBe('cancelled');
    expect(result.nodes.b?.status).toBe('cancelled');
    expect(log).toEqual(['start a']);
  });

  it("hands each node a signal that the run's abort reaches, and leaves none on the run's", async () => {
    const controller = new AbortController();
    const { signal } = controller;
    // The listeners on the run's signal: added less taken off.
    let listening = 0;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = (...args: Parameters<typeof add>) => {
      listening += 1;
      add(...args);
    };
    signal.removeEventListener = (...args: Parameters<typeof remove>) => {
      listening -= 1;
      remove(...args);
    };
    const reasons: unknown[] = [];
    const { registry } = recordingRegistry((id, _attempt, signal) => {
      if (id !== 'last') return {};
      return new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => {
          reasons.push(signal.reason);
          reject(new Error('aborted'));
        }),
      );
    });
    const nodes = [...Array.from({ length: 20 }, (_, i) => node(`n${i}`)), node('last')];
    const edges = nodes.slice(1).map((n, i) => edge(nodes[i]!.id, n.id));
    const pending = run({ nodes, edges }, registry, { signal });
    await tick();
    // The run and its running node listen: the nodes done took their listeners with them.
    expect(listening).toBe(2);
    const reason = new Error('Stop');
    controller.abort(reason);
    const { result } = await pending;
    expect(result.nodes.last?.status).toBe('cancelled');
    expect(reasons).toEqual([reason]);
    expect(listening).toBe(0);
  });

  it('fails a node that takes longer than its timeout, even if it ignores the signal', async () => {
    const { registry } = recordingRegistry(() => new Promise(() => undefined));
    const { result } = await run({ nodes: [node('slow')], edges: [] }, registry, {
      nodeTimeoutMs: 20,
      retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
    });
    expect(result.nodes.slow).toEqual({ status: 'failed', error: 'Timed out after 20 ms' });
  });

  it("holds a node to its own time limit, not the run's", async () => {
    const { registry } = recordingRegistry(() => new Promise(() => undefined));
    const limited: TEngineNode = {
      id: 'limited',
      title: 'limited',
      ...readNodeParams('ai_processor', { timeoutSeconds: 1 }),
    };
    const started = Date.now();
    const { result } = await run({ nodes: [limited], edges: [] }, registry, {
      nodeTimeoutMs: 60_000,
      retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 1 },
    });
    // A timed-out attempt used the whole limit: no retry follows it.
    expect(result.nodes.limited).toEqual({ status: 'failed', error: 'Timed out after 1 s' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('counts retries and their waits within one deadline per node', async () => {
    let clock = 0;
    const { registry, attempts } = recordingRegistry(async () => {
      throw Object.assign(new Error('busy'), { statusCode: 503 });
    });
    const { result, events } = await run({ nodes: [node('a')], edges: [] }, registry, {
      nodeTimeoutMs: 1_000,
      retry: { retries: 10, baseDelayMs: 400, maxDelayMs: 400 },
      random: () => 1,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
    });
    // Tries at 0, 400 and 800 ms; a fourth would start at 1,200 ms, past the limit.
    expect(attempts.get('a')).toBe(3);
    expect(events.filter((e) => e.type === 'node-retry')).toHaveLength(2);
    expect(result.nodes.a).toEqual({
      status: 'failed',
      error: 'busy (no time left to try again within 1 s)',
    });
  });

  it('retries transient failures with growing, jittered delays and then succeeds', async () => {
    const delays: number[] = [];
    const { registry, attempts } = recordingRegistry(async (_id, attempt) => {
      if (attempt < 3)
        throw Object.assign(new Error('busy'), { statusCode: attempt === 1 ? 429 : 503 });
      return {};
    });
    const { result, events } = await run({ nodes: [node('a')], edges: [] }, registry, {
      retry: { retries: 3, baseDelayMs: 100, maxDelayMs: 10_000 },
      random: () => 1,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    expect(result.status).toBe('succeeded');
    expect(attempts.get('a')).toBe(3);
    expect(delays).toEqual([100, 200]);
    expect(events.filter((e) => e.type === 'node-retry')).toHaveLength(2);
  });

  it('waits as long as Retry-After asks', async () => {
    const delays: number[] = [];
    const { registry } = recordingRegistry(async (_id, attempt) => {
      if (attempt === 1)
        throw Object.assign(new Error('slow down'), {
          statusCode: 429,
          responseHeaders: { 'retry-after': '2' },
        });
      return {};
    });
    await run({ nodes: [node('a')], edges: [] }, registry, {
      retry: { retries: 2, baseDelayMs: 100, maxDelayMs: 10_000 },
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    expect(delays).toEqual([2000]);
  });

  it('gives up after the last retry, and never retries a client error', async () => {
    const { registry, attempts } = recordingRegistry(async (id) => {
      throw Object.assign(new Error(id === 'server' ? 'overloaded' : 'bad request'), {
        statusCode: id === 'server' ? 500 : 400,
      });
    });
    const { result } = await run({ nodes: [node('server'), node('client')], edges: [] }, registry, {
      retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 1 },
    });
    expect(result.nodes.server).toEqual({ status: 'failed', error: 'overloaded' });
    expect(attempts.get('server')).toBe(3);
    expect(attempts.get('client')).toBe(1);
  });

  it('fails a node whose kind has no implementation', async () => {
    const { result } = await run({ nodes: [node('x', 'ui_group')], edges: [] }, {});
    expect(result.nodes.x).toEqual({
      status: 'failed',
      error: 'Nodes of kind "ui_group" cannot run',
    });
  });
});
