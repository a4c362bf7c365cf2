import {
  withDescendants,
  type TCanvasChange,
  type TNode,
  type TNodeConnection,
  type TNodeGroup,
  type TNodeHandle,
  type TProjectGraph,
} from '@flowsmith/shared';
import {
  applyLayout,
  sortParentsFirst,
  toFlow,
  toFlowEdge,
  toFlowNode,
  toProjectGraph,
} from '../core/flow-mapping';
import type { TFlowEdge, TFlowNode, TFlowNodeData, TLayoutItem } from '../core/flow-types';
import { useCanvasStore } from './canvas-store';

/** Changes to the open canvas after the server accepted them; each keeps untouched nodes as-is. */
const get = () => useCanvasStore.getState();
const set = useCanvasStore.setState;

export function loadGraph(graph: TProjectGraph, isGroupKind: (kind: string) => boolean) {
  const { nodes, edges } = toFlow(graph, isGroupKind);
  set({
    projectId: graph.projectId,
    nodes,
    edges,
    groups: Object.fromEntries(graph.groups.map((group) => [group.nodeId, group])),
  });
}

/** Adds created rows; with `select` they become the selection (a paste, an import). */
export function addGraph(
  graph: Omit<TProjectGraph, 'projectId'>,
  isGroupKind: (kind: string) => boolean,
  select = false,
) {
  const added = toFlow(graph, isGroupKind);
  const state = get();
  const unselect = <T extends { selected?: boolean }>(items: T[]) =>
    select ? items.map((item) => (item.selected ? { ...item, selected: false } : item)) : items;
  const known = new Set(state.nodes.map((node) => node.id));
  const knownEdges = new Set(state.edges.map((edge) => edge.id));
  const newNodes = added.nodes
    .filter((node) => !known.has(node.id))
    .map((node) => (select ? { ...node, selected: true } : node));
  set({
    nodes: sortParentsFirst([...unselect(state.nodes), ...newNodes]),
    edges: [...unselect(state.edges), ...added.edges.filter((edge) => !knownEdges.has(edge.id))],
    groups: {
      ...state.groups,
      ...Object.fromEntries(graph.groups.map((group) => [group.nodeId, group])),
    },
  });
}

/** Removes nodes with their contents and connections, and the given connections. */
export function removeFromCanvas(nodeIds: Iterable<string>, edgeIds: Iterable<string> = []) {
  const state = get();
  const gone = withDescendants(nodeIds, state.nodes);
  const goneEdges = new Set(edgeIds);
  const groups = { ...state.groups };
  for (const id of gone) delete groups[id];
  set({
    nodes: state.nodes.filter((node) => !gone.has(node.id)),
    edges: state.edges.filter(
      (edge) => !goneEdges.has(edge.id) && !gone.has(edge.source) && !gone.has(edge.target),
    ),
    groups,
  });
}

export function updateNodeData(nodeId: string, patch: Partial<TFlowNodeData>) {
  set({
    nodes: get().nodes.map((node) =>
      node.id === nodeId ? { ...node, data: { ...node.data, ...patch } } : node,
    ),
  });
}

export function updateNodeRow(row: TNode) {
  updateNodeData(row.id, {
    title: row.data.title,
    params: row.data.params,
    versions: row.versions,
  });
  const group = get().groups[row.id];
  if (group && group.name !== row.data.title) {
    set({ groups: { ...get().groups, [row.id]: { ...group, name: row.data.title } } });
  }
}

export function setNodeInputs(nodeId: string, inputs: TNodeHandle[]) {
  updateNodeData(nodeId, { inputs });
}

export function setGroupRow(group: TNodeGroup) {
  set({ groups: { ...get().groups, [group.nodeId]: group } });
  updateNodeData(group.nodeId, { title: group.name });
}

export function addEdge(edge: TFlowEdge) {
  set({ edges: [...get().edges, edge] });
}

export function replaceEdge(id: string, row: TNodeConnection) {
  set({ edges: get().edges.map((edge) => (edge.id === id ? toFlowEdge(row) : edge)) });
}

/** A connection as stored now (after a write of its label), keeping its selection. */
export function setEdgeRow(row: TNodeConnection) {
  set({
    edges: get().edges.map((edge) =>
      edge.id === row.id ? { ...toFlowEdge(row), selected: edge.selected } : edge,
    ),
  });
}

export function applyLayoutItems(items: TLayoutItem[]) {
  set({ nodes: applyLayout(get().nodes, items) });
}

export function selectOnly(nodeIds: Iterable<string>) {
  const chosen = new Set(nodeIds);
  set({
    nodes: get().nodes.map((node) =>
      Boolean(node.selected) === chosen.has(node.id)
        ? node
        : { ...node, selected: chosen.has(node.id) },
    ),
    edges: get().edges.map((edge) => (edge.selected ? { ...edge, selected: false } : edge)),
  });
}

export function selection(): { nodeIds: string[]; edgeIds: string[] } {
  const state = get();
  return {
    nodeIds: state.nodes.filter((node) => node.selected).map((node) => node.id),
    edgeIds: state.edges.filter((edge) => edge.selected).map((edge) => edge.id),
  };
}

/** The open canvas as stored rows. */
export function snapshot(): TProjectGraph {
  const state = get();
  return toProjectGraph(state.projectId ?? '', state.nodes, state.edges, state.groups);
}

export const findNode = (id: string) => get().nodes.find((node) => node.id === id);

const byNode = (handles: TNodeHandle[] = []) => {
  const map = new Map<string, TNodeHandle[]>();
  for (const handle of handles) map.set(handle.nodeId, [...(map.get(handle.nodeId) ?? []), handle]);
  return map;
};

/** A stored node over the one on the canvas; its place stays local when `keepPlace`. */
function mergeNode(node: TFlowNode, fresh: TFlowNode, keepPlace: boolean): TFlowNode {
  const next: TFlowNode = { ...node, data: fresh.data };
  if (keepPlace) return next;
  next.position = fresh.position;
  if (fresh.parentId) next.parentId = fresh.parentId;
  else delete next.parentId;
  if (fresh.width !== undefined) next.width = fresh.width;
  if (fresh.height !== undefined) next.height = fresh.height;
  return next;
}

/**
 * Another member's change, as published: rows as they are now replace the ones shown and
 * removed ones go, while the selection stays, and a node being dragged (or whose move is not
 * saved yet, `keepPlace`) keeps its place.
 */
export function applyRemoteChange(
  change: TCanvasChange,
  isGroupKind: (kind: string) => boolean,
  keepPlace: (nodeId: string) => boolean,
) {
  const state = get();
  const upsert = change.upsert ?? {};
  const inputs = byNode(upsert.inputs);
  const outputs = byNode(upsert.outputs);
  const rows = new Map((upsert.nodes ?? []).map((row) => [row.id, row]));
  let nodes = state.nodes.map((node) => {
    const row = rows.get(node.id);
    if (!row) return node;
    rows.delete(node.id);
    const fresh = toFlowNode(
      row,
      inputs.get(row.id) ?? node.data.inputs,
      outputs.get(row.id) ?? node.data.outputs,
      isGroupKind(row.type),
    );
    return mergeNode(node, fresh, Boolean(node.dragging) || keepPlace(node.id));
  });
  const added = [...rows.values()].map((row) =>
    toFlowNode(row, inputs.get(row.id) ?? [], outputs.get(row.id) ?? [], isGroupKind(row.type)),
  );
  nodes = sortParentsFirst([...nodes, ...added]);

  const connections = new Map((upsert.connections ?? []).map((row) => [row.id, row]));
  let edges = state.edges.map((edge) => {
    const row = connections.get(edge.id);
    if (!row) return edge;
    connections.delete(edge.id);
    return { ...toFlowEdge(row), selected: edge.selected };
  });
  edges = [...edges, ...[...connections.values()].map(toFlowEdge)];

  const groups = { ...state.groups };
  for (const group of upsert.groups ?? []) groups[group.nodeId] = group;

  const removed = change.remove ?? {};
  const gone = withDescendants(removed.nodes ?? [], nodes);
  const goneEdges = new Set(removed.connections ?? []);
  const goneInputs = new Set(removed.inputs ?? []);
  const goneOutputs = new Set(removed.outputs ?? []);
  // A removed handle takes its connections with it.
  const goneEnds = new Set<string>();
  if (goneInputs.size || goneOutputs.size) {
    for (const node of nodes) {
      for (const input of node.data.inputs)
        if (goneInputs.has(input.id)) goneEnds.add(`in ${node.id} ${input.name}`);
      for (const output of node.data.outputs)
        if (goneOutputs.has(output.id)) goneEnds.add(`out ${node.id} ${output.name}`);
    }
    nodes = nodes.map((node) => {
      const keptInputs = node.data.inputs.filter((input) => !goneInputs.has(input.id));
      const keptOutputs = node.data.outputs.filter((output) => !goneOutputs.has(output.id));
      return keptInputs.length === node.data.inputs.length &&
        keptOutputs.length === node.data.outputs.length
        ? node
        : { ...node, data: { ...node.data, inputs: keptInputs, outputs: keptOutputs } };
    });
  }
  for (const id of gone) delete groups[id];
  set({
    nodes: gone.size ? nodes.filter((node) => !gone.has(node.id)) : nodes,
    edges: edges.filter(
      (edge) =>
        !goneEdges.has(edge.id) &&
        !gone.has(edge.source) &&
        !gone.has(edge.target) &&
        !goneEnds.has(`in ${edge.target} ${edge.targetHandle ?? ''}`) &&
        !goneEnds.has(`out ${edge.source} ${edge.sourceHandle ?? ''}`),
    ),
    groups,
  });
}
