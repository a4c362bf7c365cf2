import { connectionProblem as endsProblem } from '@flowsmith/shared';
import type { TFlowEdge, TFlowNode } from './flow-types';

export type TConnectionAttempt = {
  source: string | null;
  target: string | null;
  sourceHandle?: string | null;
  targetHandle?: string | null;
};

/**
 * Why a connection may not be made, in the same words as the server, or null when it may.
 * React Flow asks this on every hover, so it only reads the two nodes involved.
 */
export function connectionProblem(
  attempt: TConnectionAttempt,
  getNode: (id: string) => TFlowNode | undefined,
  edges: readonly TFlowEdge[],
): string | null {
  const source = attempt.source ? getNode(attempt.source) : undefined;
  const target = attempt.target ? getNode(attempt.target) : undefined;
  if (!source || !target) return 'Connect an output to an input of another node';
  const output = source.data.outputs.find((h) => h.name === attempt.sourceHandle);
  const input = target.data.inputs.find((h) => h.name === attempt.targetHandle);
  const problem = endsProblem({
    source: source.id,
    target: target.id,
    sourceHandle: attempt.sourceHandle ?? '',
    targetHandle: attempt.targetHandle ?? '',
    output,
    input,
    sourceName: source.data.title,
    targetName: target.data.title,
  });
  if (problem) return problem.message;
  const duplicate = edges.some(
    (edge) =>
      edge.source === source.id &&
      edge.target === target.id &&
      edge.sourceHandle === attempt.sourceHandle &&
      edge.targetHandle === attempt.targetHandle,
  );
  if (duplicate) return 'These two handles are already connected';
  return null;
}
