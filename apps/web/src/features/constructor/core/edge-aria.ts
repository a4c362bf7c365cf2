import type { TFlowEdge, TFlowNode } from './flow-types';

/** A handle by its label, or its name where it has none. */
function handleText(node: TFlowNode | undefined, side: 'inputs' | 'outputs', name: string) {
  const handle = node?.data[side].find((candidate) => candidate.name === name);
  return handle?.label || handle?.name || name;
}

/**
 * What a screen reader hears for a connection: the nodes by title and the handles by label
 * ("Connection from Question, Value, to Answer, Input"), never their ids.
 */
export function edgeAriaLabel(edge: TFlowEdge, byId: ReadonlyMap<string, TFlowNode>): string {
  const source = byId.get(edge.source);
  const target = byId.get(edge.target);
  const end = (node: TFlowNode | undefined, side: 'inputs' | 'outputs', handle?: string | null) =>
    [node?.data.title || 'a removed node', handle ? handleText(node, side, handle) : '']
      .filter(Boolean)
      .join(', ');
  const label = edge.data?.label ? ` (${edge.data.label})` : '';
  return `Connection from ${end(source, 'outputs', edge.sourceHandle)}, to ${end(target, 'inputs', edge.targetHandle)}${label}`;
}

type TLabelled = { edge: TFlowEdge; ariaLabel: string; labelled: TFlowEdge };

/**
 * The edges with their spoken labels. An edge whose label did not change keeps its object from
 * the last call, so React Flow redraws only edges whose ends were renamed.
 */
export function createEdgeLabeller() {
  let cache = new Map<string, TLabelled>();
  return (edges: readonly TFlowEdge[], nodes: readonly TFlowNode[]): TFlowEdge[] => {
    const byId = new Map(nodes.map((node) => [node.id, node]));
    const next = new Map<string, TLabelled>();
    const result = edges.map((edge) => {
      const ariaLabel = edgeAriaLabel(edge, byId);
      const known = cache.get(edge.id);
      const entry =
        known && known.edge === edge && known.ariaLabel === ariaLabel
          ? known
          : { edge, ariaLabel, labelled: { ...edge, ariaLabel } };
      next.set(edge.id, entry);
      return entry.labelled;
    });
    cache = next;
    return result;
  };
}
