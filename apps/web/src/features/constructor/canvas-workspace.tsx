import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Button } from 'primereact/button';
import type { TProject, TProjectGraph } from '@flowsmith/shared';
import { TemplateGallery } from '../../components/template-gallery';
import { errorText } from '../../lib/forms';
import { graphQueryOptions } from '../../lib/queries/canvas';
import { canvasCatalogQueryOptions, type TCatalog } from './api/canvas.queries';
import { CanvasUiContext, type TCanvasUi } from './canvas/canvas-context';
import { FlowCanvas } from './canvas/flow-canvas';
import { usePaletteDrag } from './canvas/use-palette-drag';
import { CanvasDialogs } from './dialogs/canvas-dialogs';
import { NodePalette } from './palette/node-palette';
import { usePresence } from './presence/use-presence';
import { CanvasCommands } from './state/canvas-commands';
import { loadGraph } from './state/canvas-updates';
import { resetCanvas, useCanvasStore } from './state/canvas-store';
import { useRunStore } from './state/run-store';
import { useCanvasFeed } from './state/use-canvas-feed';
import { useLiveRun } from './state/use-live-run';
import { useRunInUrl } from './state/use-run-in-url';
import { CanvasToolbar, type TCanvasView } from './toolbar/canvas-toolbar';
import { RunBanner } from './toolbar/run-banner';
import { RunHistoryPanel } from './toolbar/run-history-panel';
import { useCommandDeps } from './use-command-deps';

/** Where a node added by click lands relative to the centre: roughly half a node's size. */
const CENTRE_OFFSET = { x: 110, y: 40 };
const PALETTE_KEY = 'flowsmith.palette-hidden';

/** The palette and full-screen toggles; a hidden palette stays hidden on the next visit. */
function useCanvasView(): TCanvasView {
  const [palette, setPalette] = useState(() => localStorage.getItem(PALETTE_KEY) !== 'true');
  const [fullScreen, setFullScreen] = useState(false);
  return useMemo(
    () => ({
      palette,
      fullScreen,
      togglePalette: () => {
        localStorage.setItem(PALETTE_KEY, String(palette));
        setPalette(!palette);
      },
      toggleFullScreen: () => setFullScreen(!fullScreen),
    }),
    [palette, fullScreen],
  );
}

function OpenCanvas({
  project,
  catalog,
  graph,
}: {
  project: TProject;
  catalog: TCatalog;
  graph: TProjectGraph;
}) {
  const readOnly = project.role === 'viewer';
  const deps = useCommandDeps(project.id, catalog, readOnly);
  const commands = useMemo(() => new CanvasCommands(deps), [deps]);
  const ui = useMemo<TCanvasUi>(
    () => ({ catalog, readOnly, commands }),
    [catalog, readOnly, commands],
  );
  const loadedId = useCanvasStore((state) => state.projectId);
  const canvasRef = useRef<HTMLDivElement>(null);
  const { screenToFlowPosition } = useReactFlow();
  const historyOpen = useRunStore((state) => state.historyOpen);
  const empty = useCanvasStore((state) => state.nodes.length === 0);
  const draggingKind = usePaletteDrag();
  const notifyError = useCallback(
    (summary: string, detail: string) => deps.notify('error', summary, detail),
    [deps],
  );
  const runUrl = useRunInUrl(notifyError);
  const view = useCanvasView();
  useLiveRun(project.id);
  usePresence(project.id);
  useCanvasFeed(project.id, graph.offset ?? 0, commands);

  useEffect(() => {
    loadGraph(graph, catalog.isGroupKind);
    return () => resetCanvas(null);
  }, [graph, catalog]);

  useEffect(() => {
    // Leaving with moves not yet saved (or failing to save) asks first, so none are lost.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (commands.queue.hasUnsaved) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      void commands.queue.flush();
      commands.dispose();
    };
  }, [commands]);

  const addAtCentre = useCallback(
    (kind: string) => {
      const rect = canvasRef.current?.getBoundingClientRect();
      if (!rect) return;
      const centre = screenToFlowPosition({
        x: rect.left + rect.width / 2,
        y: rect.top + rect.height / 2,
      });
      void commands.addNode(kind, { x: centre.x - CENTRE_OFFSET.x, y: centre.y - CENTRE_OFFSET.y });
    },
    [commands, screenToFlowPosition],
  );

  return (
    <CanvasUiContext.Provider value={ui}>
      <div
        className={`canvas-workspace${view.fullScreen ? ' canvas-workspace--full' : ''}`}
        data-testid="canvas-workspace"
      >
        <CanvasToolbar projectName={project.name} view={view} />
        <RunBanner onBack={runUrl.back} />
        <div className="constructor__body">
          {readOnly || !view.palette ? null : (
            <NodePalette types={catalog.kinds} onAdd={addAtCentre} />
          )}
          <div className="constructor__canvas" ref={canvasRef} data-testid="canvas">
            {loadedId === project.id ? <FlowCanvas projectId={project.id} /> : null}
            {loadedId === project.id && empty && !readOnly && !draggingKind ? (
              <div className="constructor__templates">
                <TemplateGallery
                  projectId={project.id}
                  headingId="canvas-templates"
                  title="An empty canvas: start from a template, or drag nodes in from the left"
                />
              </div>
            ) : null}
          </div>
          {historyOpen ? <RunHistoryPanel projectId={project.id} onOpen={runUrl.open} /> : null}
        </div>
      </div>
      <CanvasDialogs projectId={project.id} readOnly={readOnly} />
      <ConfirmDialog />
    </CanvasUiContext.Provider>
  );
}

/** Loads the catalog and the project's canvas, then opens it. */
export function CanvasWorkspace({ project }: { project: TProject }) {
  const catalog = useQuery(canvasCatalogQueryOptions());
  const graph = useQuery(graphQueryOptions(project.id));
  const failed = catalog.error ?? graph.error;
  if (failed) {
    return (
      <div className="constructor__message" role="alert">
        <p>The canvas could not be loaded: {errorText(failed)}</p>
        <Button
          label="Try again"
          icon="pi pi-refresh"
          onClick={() => {
            void catalog.refetch();
            void graph.refetch();
          }}
        />
      </div>
    );
  }
  if (!catalog.data || !graph.data) {
    return (
      <div className="constructor__message" aria-busy="true">
        <ProgressSpinner
          style={{ width: '2.5rem', height: '2.5rem' }}
          aria-label="Loading the canvas"
        />
      </div>
    );
  }
  return (
    <ReactFlowProvider>
      <OpenCanvas project={project} catalog={catalog.data} graph={graph.data} />
    </ReactFlowProvider>
  );
}
