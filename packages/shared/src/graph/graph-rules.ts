import { ioTypeCodes } from '../catalog/catalog-types';

/** The given node ids and the ids of every node inside them, at any depth. */
export function withDescendants(
  ids: Iterable<string>,
  nodes: readonly { id: string; parentId?: string | null }[],
): Set<string> {
  const children = new Map<string, string[]>();
  for (const node of nodes) {
    if (node.parentId)
      children.set(node.parentId, [...(children.get(node.parentId) ?? []), node.id]);
  }
  const result = new Set(ids);
  const stack = [...result];
  while (stack.length) {
    for (const child of children.get(stack.pop()!) ?? []) {
      if (result.has(child)) continue;
      result.add(child);
      stack.push(child);
    }
  }
  return result;
}

// A handle type this build does not know takes anything, so an older client never blocks a link.
const known = (type: string) => (ioTypeCodes as readonly string[]).includes(type);

/** An output may feed an input when their types match or either side takes anything. */
export function areIoTypesCompatible(output: string, input: string): boolean {
  return output === input || output === 'any' || input === 'any' || !known(output) || !known(input);
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** "A text output cannot feed an image input". */
function incompatibility(output: string, input: string): string {
  const a = article(output);
  return `${a[0]!.toUpperCase()}${a.slice(1)} ${output} output cannot feed ${article(input)} ${input} input`;
}

export type TConnectionEnds = {
  source: string;
  target: string;
  sourceHandle: string;
  targetHandle: string;
  /** The source node's output of that name, if it has one; the target node's input likewise. */
  output: { type: string } | undefined;
  input: { type: string } | undefined;
  /** How messages name the two nodes: their titles, or "The source node". */
  sourceName: string;
  targetName: string;
};
export type TConnectionProblem = {
  field: 'target' | 'sourceHandle' | 'targetHandle';
  message: string;
};

/** Why a connection may not join these two ends, naming the field at fault; null when it may. */
export function connectionProblem(ends: TConnectionEnds): TConnectionProblem | null {
  if (ends.source === ends.target)
    return { field: 'target', message: 'A node cannot be connected to itself' };
  if (!ends.output)
    return {
      field: 'sourceHandle',
      message: `${ends.sourceName} has no output "${ends.sourceHandle}"`,
    };
  if (!ends.input)
    return {
      field: 'targetHandle',
      message: `${ends.targetName} has no input "${ends.targetHandle}"`,
    };
  if (!areIoTypesCompatible(ends.output.type, ends.input.type))
    return { field: 'targetHandle', message: incompatibility(ends.output.type, ends.input.type) };
  return null;
}
