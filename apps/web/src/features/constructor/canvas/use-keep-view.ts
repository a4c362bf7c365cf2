import { useEffect, useRef } from 'react';
import { useReactFlow, useStore, type ReactFlowState } from '@xyflow/react';

type TSize = { width: number; height: number };
type TRect = { x: number; y: number; width: number; height: number };
type TView = { x: number; y: number; zoom: number };

/** Whether a flow rectangle lies wholly in a pane of that size at that view. */
const fits = (rect: TRect, view: TView, pane: TSize) =>
  rect.x * view.zoom + view.x >= 0 &&
  rect.y * view.zoom + view.y >= 0 &&
  (rect.x + rect.width) * view.zoom + view.x <= pane.width &&
  (rect.y + rect.height) * view.zoom + view.y <= pane.height;

const paneSize = (state: ReactFlowState) => `${state.width}x${state.height}`;

/**
 * When the canvas changes size (a side panel, the palette, a run banner, full screen), what the
 * user saw stays in view: if every node was in view it is fitted into the new size (never zoomed
 * in), otherwise the view keeps its centre instead of React Flow's top-left corner.
 */
export function useKeepViewOnResize(): void {
  const size = useStore(paneSize);
  const { getViewport, setViewport, fitView, getNodes, getNodesBounds } = useReactFlow();
  const before = useRef<TSize | null>(null);

  useEffect(() => {
    const [width = 0, height = 0] = size.split('x').map(Number);
    const previous = before.current;
    before.current = { width, height };
    if (!previous?.width || !previous.height || !width || !height) return;
    if (previous.width === width && previous.height === height) return;
    const view = getViewport();
    const nodes = getNodes();
    const bounds = nodes.length ? getNodesBounds(nodes) : null;
    if (bounds && fits(bounds, view, previous) && !fits(bounds, view, { width, height })) {
      void fitView({ maxZoom: view.zoom });
      return;
    }
    void setViewport({
      x: view.x + (width - previous.width) / 2,
      y: view.y + (height - previous.height) / 2,
      zoom: view.zoom,
    });
  }, [size, getViewport, setViewport, fitView, getNodes, getNodesBounds]);
}
