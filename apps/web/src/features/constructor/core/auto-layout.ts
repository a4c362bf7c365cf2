import type { ElkNode } from 'elkjs/lib/elk-api';
import type { TFlowEdge, TFlowNode, TLayoutItem } from './flow-types';
import { nodeSize } from './grouping';

type TElk = { layout: (graph: ElkNode) => Promise<ElkNode> };

const LAYOUT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.spacing.nodeNode': '40',
  'elk.layered.spacing.nodeNodeBetweenLayers': '80',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
};

/** Fallback size of a node React Flow has not measured yet. */
const UNMEASURED = { width: 220, height: 100 };

/**
 * New places for nodes, laid out left to right along their edges (elk "layered"). Nodes are
 * laid out among their siblings only (a group's children stay inside it), and each set keeps
 * its top-left corner so the layout does not jump across the canvas.
 */
export async function autoLayout(
  elk: TElk,
  nodes: TFlowNode[],
  edges: TFlowEdge[],
  onlyIds?: ReadonlySet<string>,
): Promise<TLayoutItem[]> {
  const chosen = onlyIds?.size ? nodes.filter((node) => onlyIds.has(node.id)) : nodes;
  const scopes = new Map<string, TFlowNode[]>();
  for (const node of chosen) {
    const key = node.parentId ?? '';
    scopes.set(key, [...(scopes.get(key) ?? []), node]);
  }
  const items: TLayoutItem[] = [];
  for (const [parentKey, members] of scopes) {
    if (members.length < 2) continue;
    const ids = new Set(members.map((node) => node.id));
    const origin = {
      x: Math.min(...members.map((node) => node.position.x)),
      y: Math.min(...members.map((node) => node.position.y)),
    };
    const result = await elk.layout({
      id: `scope:${parentKey || 'root'}`,
      layoutOptions: LAYOUT_OPTIONS,
      children: members.map((node) => {
        const size = nodeSize(node);
        return {
          id: node.id,
          width: size.width || UNMEASURED.width,
          height: size.height || UNMEASURED.height,
        };
      }),
      edges: edges
        .filter((edge) => ids.has(edge.source) && ids.has(edge.target))
        .map((edge) => ({ id: edge.id, sources: [edge.source], targets: [edge.target] })),
    });
    const placed = result.children ?? [];
    // elk pads the graph; measure from its first node so the corner really stays put.
    const minX = Math.min(...placed.map((child) => child.x ?? 0));
    const minY = Math.min(...placed.map((child) => child.y ?? 0));
    for (const child of placed) {
      items.push({
        id: child.id,
        parentId: parentKey || null,
        position: {
          x: Math.round(origin.x + (child.x ?? 0) - minX),
          y: Math.round(origin.y + (child.y ?? 0) - minY),
        },
      });
    }
  }
  return items;
}
