import { areIoTypesCompatible, ioTypeCodes, type TIoTypeCode } from '@flowsmith/shared';
import type { TFlowEdge, TFlowNode } from './flow-types';

export type TConnectionAttempt = {
  source: string | null;
  target: string | null;
  sourceHandle?: string | null;
  targetHandle?: string | null;
};

const asIoType = (type: string): TIoTypeCode =>
  (ioTypeCodes as readonly string[]).includes(type) ? (type as TIoTypeCode) : 'any';

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

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
  if (source.id === target.id) return 'A node cannot be connected to itself';
  const output = source.data.outputs.find((h) => h.name === attempt.sourceHandle);
  if (!output) return `${source.data.title} has no output "${attempt.sourceHandle ?? ''}"`;
  const input = target.data.inputs.find((h) => h.name === attempt.targetHandle);
  if (!input) return `${target.data.title} has no input "${attempt.targetHandle ?? ''}"`;
  if (!areIoTypesCompatible(asIoType(output.type), asIoType(input.type))) {
    const a = article(output.type);
    return `${a[0]!.toUpperCase()}${a.slice(1)} ${output.type} output cannot feed ${article(input.type)} ${input.type} input`;
  }
  const duplicate = edges.some(
    (edge) =>
      edge.source === source.id &&
      edge.target === target.id &&
      edge.sourceHandle === output.name &&
      edge.targetHandle === input.name,
  );
  if (duplicate) return 'These two handles are already connected';
  return null;
}
