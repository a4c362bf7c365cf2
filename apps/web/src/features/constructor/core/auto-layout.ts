import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { withDescendants } from '@flowsmith/shared';
import { GROUP_MIN_SIZE, type TFlowEdge, type TFlowNode, type TLayoutItem } from './flow-types';
import { nodeSize } from './grouping';

type TElk = { layout: (graph: ElkNode) => Promise<ElkNode> };

const LAYOUT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.spacing.nodeNode': '40',
  'elk.layered.spacing.nodeNodeBetweenLayers': '80',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  // Edges into and out of groups count when placing the nodes inside them.
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
};

/** Room inside a group's frame: its header on top, a margin on the other sides. */
const GROUP_PADDING = '[top=64,left=24,bottom=24,right=24]';

/** Fallback size of a node React Flow has not measured yet. */
const UNMEASURED = { width: 220, height: 100 };

/**
 * New places for nodes, laid out left to right along their edges (elk "layered"). Each set of
 * siblings keeps its top-left corner so the layout does not jump across the canvas; a group's
 * contents are laid out inside it and the group is sized to fit them, so children never end up
 * outside the frame they belong to.
 */
export async function autoLayout(
  elk: TElk,
  nodes: TFlowNode[],
  edges: TFlowEdge[],
  onlyIds?: ReadonlySet<string>,
): Promise<TLayoutItem[]> {
  const chosen = onlyIds?.size ? withDescendants([...onlyIds], nodes) : null;
  const inLayout = chosen ? nodes.filter((node) => chosen.has(node.id)) : nodes;
  const byId = new Map(inLayout.map((node) => [node.id, node]));
  const childrenOf = new Map<string, TFlowNode[]>();
  for (const node of inLayout) {
    const key = node.parentId && byId.has(node.parentId) ? node.parentId : '';
    childrenOf.set(key, [...(childrenOf.get(key) ?? []), node]);
  }
  // Roots are grouped by the parent they keep: the bare canvas or a group left out of the layout.
  const scopes = new Map<string, TFlowNode[]>();
  for (const node of childrenOf.get('') ?? []) {
    const key = node.parentId ?? '';
    scopes.set(key, [...(scopes.get(key) ?? []), node]);
  }
  const items: TLayoutItem[] = [];
  for (const [parentKey, members] of scopes) {
    if (members.length < 2 && !childrenOf.has(members[0]!.id)) continue;
    const edgesIn = edgesByContainer(edges, members, childrenOf);
    const result = await elk.layout({
      id: `scope:${parentKey || 'root'}`,
      layoutOptions: LAYOUT_OPTIONS,
      children: members.map((node) => elkNode(node, childrenOf, edgesIn)),
      edges: edgesIn.get('') ?? [],
    });
    const placed = result.children ?? [];
    const origin = {
      x: Math.min(...members.map((node) => node.position.x)),
      y: Math.min(...members.map((node) => node.position.y)),
    };
    // elk pads the graph; measure from its first node so the corner really stays put.
    const shift = {
      x: origin.x - Math.min(...placed.map((child) => child.x ?? 0)),
      y: origin.y - Math.min(...placed.map((child) => child.y ?? 0)),
    };
    for (const child of placed) collect(child, parentKey || null, shift, childrenOf, items);
  }
  return items;
}

function elkNode(
  node: TFlowNode,
  childrenOf: Map<string, TFlowNode[]>,
  edgesIn: Map<string, ElkExtendedEdge[]>,
): ElkNode {
  const children = childrenOf.get(node.id);
  if (children) {
    return {
      id: node.id,
      layoutOptions: {
        'elk.padding': GROUP_PADDING,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${GROUP_MIN_SIZE.width},${GROUP_MIN_SIZE.height})`,
      },
      children: children.map((child) => elkNode(child, childrenOf, edgesIn)),
      edges: edgesIn.get(node.id) ?? [],
    };
  }
  const size = nodeSize(node);
  return {
    id: node.id,
    width: size.width || UNMEASURED.width,
    height: size.height || UNMEASURED.height,
  };
}

/**
 * The edges among the laid-out nodes by the innermost group holding both of their ends (`''`:
 * none), where elk wants them; edges leading outside the laid-out set are left out.
 */
function edgesByContainer(
  edges: TFlowEdge[],
  members: TFlowNode[],
  childrenOf: Map<string, TFlowNode[]>,
): Map<string, ElkExtendedEdge[]> {
  const ancestors = new Map<string, string[]>();
  const walk = (node: TFlowNode, path: string[]) => {
    ancestors.set(node.id, path);
    for (const child of childrenOf.get(node.id) ?? []) walk(child, [...path, node.id]);
  };
  for (const member of members) walk(member, []);
  const byContainer = new Map<string, ElkExtendedEdge[]>();
  for (const edge of edges) {
    const from = ancestors.get(edge.source);
    const to = ancestors.get(edge.target);
    if (!from || !to) continue;
    const shared = from.filter((id, index) => to[index] === id);
    const container = shared.at(-1) ?? '';
    const elkEdge = { id: edge.id, sources: [edge.source], targets: [edge.target] };
    byContainer.set(container, [...(byContainer.get(container) ?? []), elkEdge]);
  }
  return byContainer;
}

function collect(
  child: ElkNode,
  parentId: string | null,
  shift: { x: number; y: number },
  childrenOf: Map<string, TFlowNode[]>,
  items: TLayoutItem[],
) {
  const item: TLayoutItem = {
    id: child.id,
    parentId,
    position: { x: Math.round((child.x ?? 0) + shift.x), y: Math.round((child.y ?? 0) + shift.y) },
  };
  if (childrenOf.has(child.id)) {
    item.width = Math.round(child.width ?? GROUP_MIN_SIZE.width);
    item.height = Math.round(child.height ?? GROUP_MIN_SIZE.height);
  }
  items.push(item);
  // Children's places are relative to their group, as React Flow keeps them.
  for (const inner of child.children ?? [])
    collect(inner, child.id, { x: 0, y: 0 }, childrenOf, items);
}
