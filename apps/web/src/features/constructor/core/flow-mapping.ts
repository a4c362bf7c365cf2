import type {
  TNode,
  TNodeConnection,
  TNodeGroup,
  TNodeHandle,
  TProjectGraph,
} from '@flowsmith/shared';
import { estimatedBox } from './initial-geometry';
import { summaryOf } from './node-summary';
import {
  DEFAULT_GROUP_SIZE,
  EDGE_TYPE,
  type TFlowEdge,
  type TFlowNode,
  type TLayoutItem,
} from './flow-types';

type TIsGroupKind = (kind: string) => boolean;

function handlesByNode(handles: TNodeHandle[]): Map<string, TNodeHandle[]> {
  const map = new Map<string, TNodeHandle[]>();
  for (const handle of handles) {
    const list = map.get(handle.nodeId);
    if (list) list.push(handle);
    else map.set(handle.nodeId, [handle]);
  }
  return map;
}

/** React Flow needs every parent before its children in the array; depth order gives that. */
export function sortParentsFirst<T extends { id: string; parentId?: string | null | undefined }>(
  nodes: T[],
): T[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const depthCache = new Map<string, number>();
  const depth = (node: T, guard = 0): number => {
    const known = depthCache.get(node.id);
    if (known !== undefined) return known;
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    const value = parent && guard < 100 ? depth(parent, guard + 1) + 1 : 0;
    depthCache.set(node.id, value);
    return value;
  };
  return nodes
    .map((node, index) => ({ node, index, depth: depth(node) }))
    .sort((a, b) => a.depth - b.depth || a.index - b.index)
    .map((entry) => entry.node);
}

export function toFlowNode(
  row: TNode,
  inputs: TNodeHandle[],
  outputs: TNodeHandle[],
  isGroup: boolean,
): TFlowNode {
  const node: TFlowNode = {
    id: row.id,
    type: row.type,
    position: row.position,
    data: {
      kind: row.type,
      title: row.data.title,
      params: row.data.params,
      inputs,
      outputs,
      versions: row.versions,
    },
  };
  if (row.parentId) node.parentId = row.parentId;
  if (isGroup) {
    node.width = row.width ?? DEFAULT_GROUP_SIZE.width;
    node.height = row.height ?? DEFAULT_GROUP_SIZE.height;
  } else {
    const box = estimatedBox(inputs, outputs, summaryOf(row.type, row.data.params) !== '');
    node.initialWidth = box.width;
    node.initialHeight = box.height;
    node.handles = box.handles;
  }
  return node;
}

export function toFlowEdge(row: TNodeConnection): TFlowEdge {
  return {
    id: row.id,
    type: EDGE_TYPE,
    source: row.source,
    target: row.target,
    sourceHandle: row.sourceHandle,
    targetHandle: row.targetHandle,
    data: { label: row.label, kind: row.type, versions: row.versions },
  };
}

/** The stored graph as React Flow nodes and edges. */
export function toFlow(
  graph: Pick<TProjectGraph, 'nodes' | 'connections' | 'inputs' | 'outputs'>,
  isGroupKind: TIsGroupKind,
): { nodes: TFlowNode[]; edges: TFlowEdge[] } {
  const inputs = handlesByNode(graph.inputs);
  const outputs = handlesByNode(graph.outputs);
  const nodes = graph.nodes.map((row) =>
    toFlowNode(row, inputs.get(row.id) ?? [], outputs.get(row.id) ?? [], isGroupKind(row.type)),
  );
  return { nodes: sortParentsFirst(nodes), edges: graph.connections.map(toFlowEdge) };
}

export function toConnectionRow(edge: TFlowEdge, projectId: string): TNodeConnection {
  return {
    id: edge.id,
    projectId,
    source: edge.source,
    target: edge.target,
    sourceHandle: edge.sourceHandle ?? '',
    targetHandle: edge.targetHandle ?? '',
    label: edge.data?.label ?? '',
    type: edge.data?.kind ?? EDGE_TYPE,
    versions: edge.data?.versions ?? {},
    createdAt: '',
    updatedAt: '',
  };
}

/** The canvas back as stored rows: what export, copy and undo of a delete work from. */
export function toProjectGraph(
  projectId: string,
  nodes: TFlowNode[],
  edges: TFlowEdge[],
  groups: Record<string, TNodeGroup>,
): TProjectGraph {
  const stamp = '';
  return {
    projectId,
    nodes: nodes.map((node) => ({
      id: node.id,
      projectId,
      type: node.data.kind,
      position: { x: node.position.x, y: node.position.y },
      data: { title: node.data.title, params: node.data.params },
      width: node.width ?? null,
      height: node.height ?? null,
      parentId: node.parentId ?? null,
      versions: node.data.versions,
      createdAt: stamp,
      updatedAt: stamp,
    })),
    connections: edges.map((edge) => toConnectionRow(edge, projectId)),
    inputs: nodes.flatMap((node) => node.data.inputs),
    outputs: nodes.flatMap((node) => node.data.outputs),
    groups: nodes.flatMap((node) => (groups[node.id] ? [groups[node.id]!] : [])),
  };
}

/** A node's saved place; width and height only for nodes with a fixed size (groups). */
export function layoutOf(node: TFlowNode): TLayoutItem {
  const item: TLayoutItem = {
    id: node.id,
    position: { x: node.position.x, y: node.position.y },
    parentId: node.parentId ?? null,
  };
  if (node.width !== undefined) item.width = node.width;
  if (node.height !== undefined) item.height = node.height;
  return item;
}

/** Applies saved places to nodes, keeping untouched nodes (and so their memoised views) as they are. */
export function applyLayout(nodes: TFlowNode[], items: TLayoutItem[]): TFlowNode[] {
  if (!items.length) return nodes;
  const byId = new Map(items.map((item) => [item.id, item]));
  const next = nodes.map((node) => {
    const item = byId.get(node.id);
    if (!item) return node;
    const updated: TFlowNode = { ...node, position: { ...item.position } };
    if (item.parentId) updated.parentId = item.parentId;
    else delete updated.parentId;
    if (item.width != null) updated.width = item.width;
    if (item.height != null) updated.height = item.height;
    return updated;
  });
  return items.some((item) => item.parentId !== undefined) ? sortParentsFirst(next) : next;
}
