import { executionWaves } from '../graph/execution-order';
import { NodeTimeoutError, errorMessage, isRetryable, retryAfterMs, retryDelayMs } from './retry';
import type {
  TEngineEdge,
  TEngineNode,
  TNodeImplementation,
  TNodeRegistry,
  TNodeResult,
  TRetryOptions,
  TRunEvent,
  TRunOptions,
  TRunResult,
  TValues,
  TWorkflow,
} from './run-types';

const defaults = {
  concurrency: 4,
  nodeTimeoutMs: 60_000,
  retry: { retries: 3, baseDelayMs: 500, maxDelayMs: 30_000 } satisfies TRetryOptions,
};

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Settles with the work, or rejects as soon as the signal aborts, whichever comes first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * What each node receives: every incoming edge's value on its input; several edges make a list.
 * Handle names are keys of a Map first, so one called "__proto__" is an input like any other.
 */
function gatherInputs(edges: TEngineEdge[], outputs: Map<string, TValues>): TValues {
  const inputs = new Map<string, unknown>();
  for (const edge of edges) {
    const produced = outputs.get(edge.source);
    const value =
      produced && Object.hasOwn(produced, edge.sourceHandle)
        ? produced[edge.sourceHandle]
        : undefined;
    if (!inputs.has(edge.targetHandle)) inputs.set(edge.targetHandle, value);
    else {
      const existing = inputs.get(edge.targetHandle);
      inputs.set(
        edge.targetHandle,
        Array.isArray(existing) ? [...existing, value] : [existing, value],
      );
    }
  }
  return Object.fromEntries(inputs);
}

/**
 * Runs a workflow: every node after the nodes it depends on, independent branches at once up to
 * the concurrency bound. A failing node is retried when the failure is transient; once it fails
 * for good, the nodes downstream of it are skipped. Aborting the signal cancels the run.
 * A cycle is refused before anything runs (CycleError).
 */
/** A node's own time limit (AI nodes have a `timeoutSeconds` param), if it sets one. */
function nodeTimeLimitMs(node: TEngineNode): number | undefined {
  const seconds = (node.params as { timeoutSeconds?: unknown }).timeoutSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : undefined;
}

export async function runWorkflow<TServices>(
  workflow: TWorkflow,
  registry: TNodeRegistry<TServices>,
  runInputs: TValues,
  services: TServices,
  options: TRunOptions,
  onEvent: (event: TRunEvent) => void,
): Promise<TRunResult> {
  const concurrency = Math.max(1, options.concurrency ?? defaults.concurrency);
  const nodeTimeoutMs = options.nodeTimeoutMs ?? defaults.nodeTimeoutMs;
  const retry = options.retry ?? defaults.retry;
  const signal = options.signal ?? new AbortController().signal;
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;

  const ids = workflow.nodes.map((node) => node.id);
  executionWaves(ids, workflow.edges);

  const byId = new Map(workflow.nodes.map((node) => [node.id, node]));
  const incoming = new Map<string, TEngineEdge[]>(ids.map((id) => [id, []]));
  const downstream = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
  for (const edge of workflow.edges) {
    if (!byId.has(edge.source) || !byId.has(edge.target)) continue;
    incoming.get(edge.target)!.push(edge);
    downstream.get(edge.source)!.add(edge.target);
  }
  const waitingOn = new Map(
    ids.map((id) => [id, new Set(incoming.get(id)!.map((e) => e.source)).size]),
  );
  const results: Record<string, TNodeResult> = {};
  const outputs = new Map<string, TValues>();
  const ready: string[] = [];
  for (const id of ids) {
    results[id] = { status: 'queued' };
    onEvent({ type: 'node-status', nodeId: id, status: 'queued' });
    if (waitingOn.get(id) === 0) ready.push(id);
  }

  async function execute(node: TEngineNode): Promise<TNodeResult> {
    // Each kind's implementation takes nodes of that kind, and this node is one.
    const implementation: TNodeImplementation<TServices> | undefined = registry[node.kind];
    if (!implementation)
      return { status: 'failed', error: `Nodes of kind "${node.kind}" cannot run` };
    const inputs = gatherInputs(incoming.get(node.id)!, outputs);
    // One deadline for the node, its retries and their waits included.
    const limitMs = nodeTimeLimitMs(node) ?? nodeTimeoutMs;
    const deadline = now() + limitMs;
    for (let attempt = 1; ; attempt++) {
      onEvent({ type: 'node-status', nodeId: node.id, status: 'running', attempt });
      // One signal for the attempt, aborted by the run's or by the time limit, whichever comes
      // first (`AbortSignal.any` costs a short node more, and keeps its signals until collected).
      const attemptAbort = new AbortController();
      const nodeSignal = attemptAbort.signal;
      let timedOut = false;
      const timer = setTimeout(
        () => {
          timedOut = true;
          attemptAbort.abort(new NodeTimeoutError(limitMs));
        },
        Math.max(0, deadline - now()),
      );
      const onRunAbort = () => attemptAbort.abort(signal.reason);
      if (signal.aborted) onRunAbort();
      else signal.addEventListener('abort', onRunAbort, { once: true });
      try {
        const output = await untilAborted(
          implementation.run({
            node,
            inputs,
            runInputs,
            signal: nodeSignal,
            token: (delta) => onEvent({ type: 'node-token', nodeId: node.id, delta }),
            services,
          }),
          nodeSignal,
        );
        return { status: 'succeeded', output };
      } catch (caught) {
        if (signal.aborted) return { status: 'cancelled', error: 'Cancelled' };
        if (timedOut) return { status: 'failed', error: new NodeTimeoutError(limitMs).message };
        if (attempt > retry.retries || !isRetryable(caught))
          return { status: 'failed', error: errorMessage(caught) };
        const delayMs = retryDelayMs(attempt, retry, random, retryAfterMs(caught));
        if (now() + delayMs >= deadline)
          return {
            status: 'failed',
            error: `${errorMessage(caught)} (no time left to try again within ${new NodeTimeoutError(limitMs).limit})`,
          };
        onEvent({
          type: 'node-retry',
          nodeId: node.id,
          attempt,
          delayMs,
          error: errorMessage(caught),
        });
        try {
          await sleep(delayMs, signal);
        } catch {
          return { status: 'cancelled', error: 'Cancelled' };
        }
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', onRunAbort);
      }
    }
  }

  return new Promise<TRunResult>((resolve) => {
    let running = 0;
    let finished = false;

    const settle = (id: string, result: TNodeResult) => {
      results[id] = result;
      onEvent({ type: 'node-status', nodeId: id, ...result });
      if (result.status === 'succeeded') {
        outputs.set(id, result.output ?? {});
        for (const next of downstream.get(id)!) {
          const left = waitingOn.get(next)! - 1;
          waitingOn.set(next, left);
          if (left === 0 && results[next]!.status === 'queued') ready.push(next);
        }
      } else {
        skipDownstream(id);
      }
    };

    const skipDownstream = (id: string) => {
      for (const next of downstream.get(id)!) {
        if (results[next]!.status !== 'queued') continue;
        const upstream = byId.get(id)!.title || id;
        settle(next, { status: 'skipped', error: `Skipped because "${upstream}" did not succeed` });
      }
    };

    const finish = () => {
      if (finished) return;
      finished = true;
      signal.removeEventListener('abort', onAbort);
      const failed = Object.entries(results).find(([, r]) => r.status === 'failed');
      if (signal.aborted) resolve({ status: 'cancelled', nodes: results, error: 'Cancelled' });
      else if (failed) {
        const title = byId.get(failed[0])!.title || failed[0];
        resolve({
          status: 'failed',
          nodes: results,
          error: `"${title}" failed: ${failed[1].error}`,
        });
      } else resolve({ status: 'succeeded', nodes: results });
    };

    const pump = () => {
      while (!signal.aborted && running < concurrency && ready.length > 0) {
        const id = ready.shift()!;
        running += 1;
        results[id] = { status: 'running' };
        void execute(byId.get(id)!).then((result) => {
          running -= 1;
          settle(id, result);
          pump();
        });
      }
      if (running === 0 && (ready.length === 0 || signal.aborted)) finish();
    };

    const onAbort = () => {
      for (const id of ids) {
        if (results[id]!.status === 'queued')
          settle(id, { status: 'cancelled', error: 'Cancelled' });
      }
      ready.length = 0;
      if (running === 0) finish();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) onAbort();
    pump();
  });
}
