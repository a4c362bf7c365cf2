import { withDescendants } from '@flowsmith/shared';
import type { TFlowNode } from './flow-types';

type TPoint = { x: number; y: number };
type TRect = TPoint & { width: number; height: number };

export function nodeSize(node: TFlowNode): { width: number; height: number } {
  return {
    width: node.measured?.width ?? node.width ?? 0,
    height: node.measured?.height ?? node.height ?? 0,
  };
}

/** Position on the canvas: a child's position is relative to its parent, so add theirs up. */
export function absolutePosition(node: TFlowNode, byId: Map<string, TFlowNode>): TPoint {
  let x = node.position.x;
  let y = node.position.y;
  let parentId = node.parentId;
  for (let guard = 0; parentId && guard < 100; guard++) {
    const parent = byId.get(parentId);
    if (!parent) break;
    x += parent.position.x;
    y += parent.position.y;
    parentId = parent.parentId;
  }
  return { x, y };
}

export function absoluteRect(node: TFlowNode, byId: Map<string, TFlowNode>): TRect {
  return { ...absolutePosition(node, byId), ...nodeSize(node) };
}

const contains = (rect: TRect, point: TPoint) =>
  point.x >= rect.x &&
  point.y >= rect.y &&
  point.x <= rect.x + rect.width &&
  point.y <= rect.y + rect.height;

/**
 * The group a point falls in: the innermost (smallest) group containing it, leaving out the
 * moving nodes and their contents, since a group cannot go inside itself.
 */
export function groupAt(
  point: TPoint,
  nodes: TFlowNode[],
  isGroupKind: (kind: string) => boolean,
  excluded: Set<string> = new Set(),
): TFlowNode | null {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  let best: TFlowNode | null = null;
  let bestArea = Infinity;
  for (const node of nodes) {
    if (excluded.has(node.id) || !isGroupKind(node.data.kind)) continue;
    const rect = absoluteRect(node, byId);
    const area = rect.width * rect.height;
    if (contains(rect, point) && area < bestArea) {
      best = node;
      bestArea = area;
    }
  }
  return best;
}

/**
 * Where dragged nodes end up: each moved node whose centre now lies in another group (or on the
 * bare canvas) gets that parent and a position relative to it, so it stays where it was dropped.
 * Nodes dragged along with their parent keep it.
 */
export function reparentAfterDrag(
  movedIds: string[],
  nodes: TFlowNode[],
  isGroupKind: (kind: string) => boolean,
): { id: string; parentId: string | null; position: TPoint }[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const moved = new Set(movedIds);
  const excluded = withDescendants(movedIds, nodes);
  const changes: { id: string; parentId: string | null; position: TPoint }[] = [];
  for (const id of movedIds) {
    const node = byId.get(id);
    if (!node || (node.parentId && moved.has(node.parentId))) continue;
    const rect = absoluteRect(node, byId);
    const centre = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
    const parent = groupAt(centre, nodes, isGroupKind, excluded);
    const parentId = parent?.id ?? null;
    if (parentId === (node.parentId ?? null)) continue;
    const origin = parent ? absolutePosition(parent, byId) : { x: 0, y: 0 };
    changes.push({ id, parentId, position: { x: rect.x - origin.x, y: rect.y - origin.y } });
  }
  return changes;
}
