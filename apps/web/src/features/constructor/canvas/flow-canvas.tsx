import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type FinalConnectionState,
  type NodeChange,
  type OnNodeDrag,
  type Viewport,
} from '@xyflow/react';
import { useAppState } from '../../../lib/app-state/app-state-store';
import { createEdgeLabeller } from '../core/edge-aria';
import { layoutOf } from '../core/flow-mapping';
import type { TFlowEdge, TFlowNode, TLayoutItem } from '../core/flow-types';
import { reparentAfterDrag } from '../core/grouping';
import { PresenceLayer } from '../presence/presence-layer';
import { applyLayoutItems } from '../state/canvas-updates';
import { setPastePoint } from '../state/clipboard-commands';
import { openDialog, useCanvasStore } from '../state/canvas-store';
import { GRID } from '../state/canvas-commands';
import { useCanvasUi } from './canvas-context';
import { edgeTypes, nodeTypes } from './flow-registry';
import { PALETTE_MIME } from './palette-mime';
import { useCanvasKeyboard } from './use-canvas-keyboard';
import { useKeepViewOnResize } from './use-keep-view';

/** Spec §9 canvas defaults. */
export const MINIMAP_SIZE = { width: 200, height: 150 };
const DEFAULT_VIEWPORT: Viewport = { x: 40, y: 40, zoom: 1 };
const SNAP_GRID: [number, number] = [GRID, GRID];
const viewportKey = (projectId: string) => `flowsmith.viewport.${projectId}`;

function savedViewport(projectId: string): Viewport | undefined {
  try {
    const raw = localStorage.getItem(viewportKey(projectId));
    return raw ? (JSON.parse(raw) as Viewport) : undefined;
  } catch {
    return undefined;
  }
}

/** Once measured, a node's real handles must win over the estimate it was loaded with. */
function dropEstimatedHandles(nodes: TFlowNode[], changes: NodeChange<TFlowNode>[]) {
  const measured = new Set(
    changes.flatMap((change) => (change.type === 'dimensions' ? [change.id] : [])),
  );
  if (!measured.size) return nodes;
  return nodes.map((node) => {
    if (!measured.has(node.id) || !node.handles) return node;
    const { handles: _estimate, ...rest } = node;
    return rest;
  });
}

/** The React Flow canvas of the open project, wired to the canvas store and commands. */
export function FlowCanvas({ projectId }: { projectId: string }) {
  const nodes = useCanvasStore((state) => state.nodes);
  const edges = useCanvasStore((state) => state.edges);
  const [labelEdges] = useState(createEdgeLabeller);
  const spokenEdges = useMemo(() => labelEdges(edges, nodes), [labelEdges, edges, nodes]);
  const dark = useAppState((state) => state.dark);
  const { catalog, readOnly, commands } = useCanvasUi();
  const { screenToFlowPosition, fitView } = useReactFlow();
  const dragBefore = useRef<TLayoutItem[]>([]);
  const [initialViewport] = useState(() => savedViewport(projectId));
  // Fitting an empty canvas would zoom onto the first node added; start at 100 % instead.
  const [fitOnOpen] = useState(() => !initialViewport && nodes.length > 0);
  useCanvasKeyboard(commands);
  useKeepViewOnResize();

  // An empty canvas that fills at once (a template, a file imported) shows what it got.
  const count = nodes.length;
  const countBefore = useRef(count);
  useEffect(() => {
    if (countBefore.current === 0 && count > 1) void fitView();
    countBefore.current = count;
  }, [count, fitView]);

  // Removal goes through commands (confirm, undo, one server call), never React Flow directly.
  const onNodesChange = useCallback((changes: NodeChange<TFlowNode>[]) => {
    const kept = changes.filter((change) => change.type !== 'remove');
    useCanvasStore.setState((state) => ({
      nodes: dropEstimatedHandles(applyNodeChanges(kept, state.nodes), kept),
    }));
  }, []);
  const onEdgesChange = useCallback((changes: EdgeChange<TFlowEdge>[]) => {
    const kept = changes.filter((change) => change.type === 'select');
    useCanvasStore.setState((state) => ({ edges: applyEdgeChanges(kept, state.edges) }));
  }, []);

  const onNodeDragStart = useCallback<OnNodeDrag<TFlowNode>>((_event, _node, dragged) => {
    dragBefore.current = dragged.map(layoutOf);
  }, []);

  const onNodeDragStop = useCallback<OnNodeDrag<TFlowNode>>(
    (_event, _node, dragged) => {
      const ids = dragged.map((node) => node.id);
      const moves = reparentAfterDrag(ids, useCanvasStore.getState().nodes, catalog.isGroupKind);
      if (moves.length) applyLayoutItems(moves);
      const byId = new Map(useCanvasStore.getState().nodes.map((node) => [node.id, node]));
      const after = ids.flatMap((id) => {
        const node = byId.get(id);
        return node ? [layoutOf(node)] : [];
      });
      commands.commitLayout('Move', dragBefore.current, after);
    },
    [catalog, commands],
  );

  const isValidConnection = useCallback(
    (connection: Connection | TFlowEdge) => commands.connectionProblem(connection) === null,
    [commands],
  );
  const onConnect = useCallback(
    (connection: Connection) => void commands.connect(connection),
    [commands],
  );
  // React Flow only says "not valid"; tell the user why the drop was refused.
  const onConnectEnd = useCallback(
    (_event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.isValid || !state.fromHandle || !state.toHandle) return;
      const fromSource = state.fromHandle.type === 'source';
      const [source, target] = fromSource
        ? [state.fromHandle, state.toHandle]
        : [state.toHandle, state.fromHandle];
      const problem = commands.connectionProblem({
        source: source.nodeId,
        sourceHandle: source.id ?? null,
        target: target.nodeId,
        targetHandle: target.id ?? null,
      });
      if (problem) commands.deps.notify('warn', 'Connection refused', problem);
    },
    [commands],
  );

  const onEdgeDoubleClick = useCallback(
    (_event: unknown, edge: TFlowEdge) => {
      if (!readOnly) openDialog({ kind: 'edge-label', edgeId: edge.id });
    },
    [readOnly],
  );

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(PALETTE_MIME)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }, []);
  const onDrop = useCallback(
    (event: DragEvent) => {
      const kind = event.dataTransfer.getData(PALETTE_MIME);
      if (!kind || readOnly) return;
      event.preventDefault();
      void commands.addNode(kind, screenToFlowPosition({ x: event.clientX, y: event.clientY }));
    },
    [commands, readOnly, screenToFlowPosition],
  );

  // Ctrl+V pastes where the pointer is.
  const onMouseMove = useCallback(
    (event: ReactMouseEvent) =>
      setPastePoint(screenToFlowPosition({ x: event.clientX, y: event.clientY })),
    [screenToFlowPosition],
  );
  useEffect(() => () => setPastePoint(null), []);

  const onMoveEnd = useCallback(
    (_event: unknown, viewport: Viewport) => {
      localStorage.setItem(viewportKey(projectId), JSON.stringify(viewport));
    },
    [projectId],
  );
  const minimapColor = useCallback(
    (node: TFlowNode) => catalog.byKind.get(node.data.kind)?.color ?? '#94a3b8',
    [catalog],
  );

  return (
    <ReactFlow<TFlowNode, TFlowEdge>
      nodes={nodes}
      edges={spokenEdges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onNodeDragStart={onNodeDragStart}
      onNodeDragStop={onNodeDragStop}
      onConnect={onConnect}
      onConnectEnd={onConnectEnd}
      isValidConnection={isValidConnection}
      onEdgeDoubleClick={onEdgeDoubleClick}
      onDragOver={onDragOver}
      onDrop={onDrop}
      onMoveEnd={onMoveEnd}
      onMouseMove={onMouseMove}
      onMouseLeave={() => setPastePoint(null)}
      fitView={fitOnOpen}
      defaultViewport={initialViewport ?? DEFAULT_VIEWPORT}
      minZoom={0.1}
      snapToGrid
      snapGrid={SNAP_GRID}
      nodesDraggable={!readOnly}
      nodesConnectable={!readOnly}
      deleteKeyCode={null}
      zoomOnDoubleClick={false}
      colorMode={dark ? 'dark' : 'light'}
      onlyRenderVisibleElements
    >
      <Background variant={BackgroundVariant.Dots} gap={GRID} size={1} />
      <Controls showInteractive={false} />
      <MiniMap style={MINIMAP_SIZE} nodeColor={minimapColor} pannable zoomable />
      <PresenceLayer />
    </ReactFlow>
  );
}
