import {
  toGraphDocument,
  withDescendants,
  type TGraphDocument,
  type TNodeConnection,
  type TProjectGraph,
} from '@flowsmith/shared';

/**
 * A piece of the canvas that can be taken out and put back as it was: the workflow document
 * (nodes with their handles and group rows, edges between them), the parents it sits in, and
 * the connections that join it to the rest of the canvas.
 */
export type TFragment = {
  document: TGraphDocument;
  /** Parents outside the fragment, by node id; positions of those nodes are relative to them. */
  parents: Record<string, string>;
  /** Connections with one end outside the fragment (or chosen on their own). */
  looseEdges: TNodeConnection[];
};

export type TIdMap = Record<string, string>;

/** Nodes (with everything inside them) and chosen connections, ready to be removed and restored. */
export function fragmentOf(
  graph: TProjectGraph,
  nodeIds: Iterable<string>,
  edgeIds: Iterable<string> = [],
): TFragment {
  const included = withDescendants(nodeIds, graph.nodes);
  const document = toGraphDocument(graph, [...included]);
  const parents: Record<string, string> = {};
  for (const node of graph.nodes) {
    if (included.has(node.id) && node.parentId && !included.has(node.parentId)) {
      parents[node.id] = node.parentId;
    }
  }
  const chosen = new Set(edgeIds);
  const looseEdges = graph.connections.filter((c) => {
    const ends = Number(included.has(c.source)) + Number(included.has(c.target));
    return ends === 1 || (ends === 0 && chosen.has(c.id));
  });
  return { document, parents, looseEdges };
}

/** Rows just created (a new node, a paste, an import) as a fragment, so undo can remove them. */
export function fragmentOfCreated(created: TProjectGraph): TFragment {
  return fragmentOf(
    created,
    created.nodes.map((node) => node.id),
  );
}

export function fragmentOfConnection(connection: TNodeConnection): TFragment {
  return { document: emptyDocument(), parents: {}, looseEdges: [connection] };
}

export function emptyDocument(): TGraphDocument {
  return toGraphDocument({
    projectId: '',
    nodes: [],
    connections: [],
    inputs: [],
    outputs: [],
    groups: [],
  });
}

/**
 * A copy of nodes to paste elsewhere: it takes the nodes inside chosen groups and the edges
 * between copied nodes only. A node copied without its group moves to the top level, so its
 * position becomes absolute (a child's position is relative to its parent).
 */
export function clipboardOf(graph: TProjectGraph, nodeIds: Iterable<string>): TGraphDocument {
  const { document, parents } = fragmentOf(graph, nodeIds);
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const absolute = (id: string) => {
    let node = byId.get(id);
    let x = 0;
    let y = 0;
    for (let guard = 0; node && guard < 100; guard++) {
      x += node.position.x;
      y += node.position.y;
      node = node.parentId ? byId.get(node.parentId) : undefined;
    }
    return { x, y };
  };
  return {
    ...document,
    nodes: document.nodes.map((node) =>
      parents[node.id] ? { ...node, parentId: null, position: absolute(node.id) } : node,
    ),
  };
}

const mapId = (map: TIdMap, id: string) => map[id] ?? id;

/** The same fragment under new ids: after a paste or a re-created connection got fresh ids. */
export function remapFragment(fragment: TFragment, map: TIdMap): TFragment {
  const { document } = fragment;
  return {
    document: {
      ...document,
      nodes: document.nodes.map((node) => ({
        ...node,
        id: mapId(map, node.id),
        parentId: node.parentId ? mapId(map, node.parentId) : null,
      })),
      edges: document.edges.map((edge) => ({
        ...edge,
        id: mapId(map, edge.id),
        source: mapId(map, edge.source),
        target: mapId(map, edge.target),
      })),
    },
    parents: Object.fromEntries(
      Object.entries(fragment.parents).map(([id, parent]) => [mapId(map, id), mapId(map, parent)]),
    ),
    looseEdges: fragment.looseEdges.map((edge) => ({
      ...edge,
      id: mapId(map, edge.id),
      source: mapId(map, edge.source),
      target: mapId(map, edge.target),
    })),
  };
}

/** Every node and connection id a fragment holds: what removing it deletes. */
export function fragmentIds(fragment: TFragment): { nodeIds: string[]; connectionIds: string[] } {
  return {
    nodeIds: fragment.document.nodes.map((node) => node.id),
    connectionIds: [
      ...fragment.document.edges.map((edge) => edge.id),
      ...fragment.looseEdges.map((edge) => edge.id),
    ],
  };
}

type TPoint = { x: number; y: number };

/**
 * How far a paste moves the copied nodes: their top-left corner to the pointer, or without one
 * from where they were; `repeat` pastes at the same place go one `step` further each, so the
 * copies never hide each other.
 */
export function pasteOffset(
  document: TGraphDocument,
  pointer: TPoint | null,
  repeat: number,
  step: number,
): TPoint {
  const shift = step * repeat;
  const roots = document.nodes.filter((node) => !node.parentId);
  if (!pointer || !roots.length) return { x: shift, y: shift };
  const left = Math.min(...roots.map((node) => node.position.x));
  const top = Math.min(...roots.map((node) => node.position.y));
  return { x: Math.round(pointer.x - left + shift), y: Math.round(pointer.y - top + shift) };
}
