/**
 * The benchmark graph: the same node places and edges for the real constructor and the bare
 * React Flow page. A grid with gaps (so a pan can start on empty canvas), edges chaining each
 * node to the next, plus one more to reach as many edges as nodes.
 */
export const NODE_COUNT = 1000;
export const COLUMNS = 40;
export const SPACING = { x: 300, y: 180 };

export type TBenchGraph = {
  nodes: { id: string; x: number; y: number; label: string }[];
  edges: { id: string; source: string; target: string }[];
};

export function benchGraph(count = NODE_COUNT): TBenchGraph {
  const nodes = Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    x: (i % COLUMNS) * SPACING.x,
    y: Math.floor(i / COLUMNS) * SPACING.y,
    label: `Step ${i}`,
  }));
  const edges = nodes.slice(1).map((node, i) => ({
    id: `e${i}`,
    source: nodes[i]!.id,
    target: node.id,
  }));
  if (count > 2) edges.push({ id: `e${count - 1}`, source: 'n0', target: 'n2' });
  return { nodes, edges };
}

/** Where both pages open: the same viewport, so both draw the same part of the graph. */
export const BENCH_VIEWPORT = { x: 20, y: 20, zoom: 0.5 };
