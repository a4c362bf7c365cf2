import { createRoot } from 'react-dom/client';
import { ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { BENCH_VIEWPORT, benchGraph } from '../graph-shape';

// The baseline: React Flow with default nodes and edges and nothing else, drawing only the
// nodes in view as the constructor does. Like the constructor's, each node has a size before
// it is measured, so off-screen ones are never drawn (a default node is 150 px wide).
const graph = benchGraph();
const nodes: Node[] = graph.nodes.map((node) => ({
  id: node.id,
  position: { x: node.x, y: node.y },
  data: { label: node.label },
  initialWidth: 150,
  initialHeight: 40,
}));
const edges: Edge[] = graph.edges.map((edge) => ({ ...edge }));

createRoot(document.getElementById('root')!).render(
  <div style={{ width: '100vw', height: '100vh' }}>
    <ReactFlow
      defaultNodes={nodes}
      defaultEdges={edges}
      defaultViewport={BENCH_VIEWPORT}
      onlyRenderVisibleElements
    />
  </div>,
);
