import { nodeKindOf, type TGroupRunEvent, type TGroupRunResult } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import type { TRunExecutor } from '../runs/run-executor';
import { followRunOrCancel } from '../runs/follow-run';
import type { TPublishedGroup } from './published-groups';

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);
// How long a synchronous call waits for its run before answering with the run as it stands.
const WAIT_MS = 5 * 60_000;
const PUBLIC_ERROR = 'The app could not answer right now; try again later';

/**
 * The nodes whose streamed text is an answer, with the output it becomes: streaming nodes that
 * feed an output, or that are outputs themselves.
 */
export function answeringNodes(published: TPublishedGroup): Map<string, string> {
  const kindOf = new Map(published.graph.nodes.map((node) => [node.id, node.type]));
  const streams = (id: string) => nodeKindOf(kindOf.get(id) ?? '')?.flags.streams === true;
  const answering = new Map<string, string>();
  for (const output of published.outputs) {
    if (streams(output.nodeId)) answering.set(output.nodeId, output.name);
    for (const edge of published.graph.edges)
      if (edge.target === output.nodeId && streams(edge.source))
        answering.set(edge.source, output.name);
  }
  return answering;
}

/** `forVisitor`: people using an app see that it failed, not why (the owner's log says). */
function resultOf(
  published: TPublishedGroup,
  run: { id: string; status: string; outputs: Record<string, unknown>; error: string | null },
  forVisitor: boolean,
): TGroupRunResult {
  return {
    runId: run.id,
    version: published.version.number,
    status: run.status as TGroupRunResult['status'],
    outputs: run.outputs,
    error: run.error && forVisitor ? PUBLIC_ERROR : run.error,
  };
}

/** Waits for a run of a published group and answers with its outputs. */
export async function groupRunResult(
  executor: TRunExecutor,
  published: TPublishedGroup,
  runId: string,
  forVisitor = false,
): Promise<TGroupRunResult> {
  const run = (await executor.waitFor(runId, WAIT_MS))!;
  return resultOf(published, run, forVisitor);
}

/**
 * A run of a published group as it happens: its id, the answer's tokens, then its outputs. A
 * caller that goes away before the end cancels the run.
 */
export async function* groupRunEvents(
  deps: { db: TDb; executor: TRunExecutor },
  published: TPublishedGroup,
  runId: string,
  signal: AbortSignal,
  forVisitor = false,
): AsyncGenerator<TGroupRunEvent> {
  yield { type: 'run', runId, version: published.version.number };
  const answering = answeringNodes(published);
  for await (const event of followRunOrCancel(deps, runId, signal)) {
    if (event.type === 'node-token') {
      const output = answering.get(event.nodeId);
      if (output) yield { type: 'token', output, delta: event.delta };
    } else if (event.type === 'run-status' && FINISHED.has(event.status)) {
      const run = {
        id: runId,
        status: event.status,
        outputs: event.outputs ?? {},
        error: event.error ?? null,
      };
      yield { type: 'done', ...resultOf(published, run, forVisitor) };
    }
  }
}
