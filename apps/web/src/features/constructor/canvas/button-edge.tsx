import { memo, useRef, useState } from 'react';
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import type { TFlowEdge } from '../core/flow-types';
import { openDialog } from '../state/canvas-store';
import { useCanvasUi } from './canvas-context';

const HIDE_DELAY_MS = 250;

/**
 * A connection with its optional label and, while hovered or selected, buttons at its midpoint
 * to delete it or edit the label. Buttons render only then, which keeps 1,000 edges light.
 */
function ButtonEdgeView(props: EdgeProps<TFlowEdge>) {
  const { id, data, selected, markerEnd, style } = props;
  const { readOnly, commands } = useCanvasUi();
  const [hovered, setHovered] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [path, labelX, labelY] = getBezierPath(props);
  const label = data?.label ?? '';
  const pending = id.startsWith('pending-');
  const showButtons = !readOnly && !pending && (hovered || Boolean(selected));

  const show = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    setHovered(true);
  };
  // Leaving the path for the buttons (drawn above it) must not hide them on the way.
  const hide = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setHovered(false), HIDE_DELAY_MS);
  };

  return (
    <>
      <g onMouseEnter={show} onMouseLeave={hide}>
        <BaseEdge id={id} path={path} markerEnd={markerEnd} style={style} interactionWidth={24} />
      </g>
      {label || showButtons ? (
        <EdgeLabelRenderer>
          <div
            className="flow-edge__midpoint nodrag nopan"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            onMouseEnter={show}
            onMouseLeave={hide}
            data-testid="edge-midpoint"
          >
            {label ? <span className="flow-edge__label">{label}</span> : null}
            {showButtons ? (
              <>
                <button
                  type="button"
                  className="flow-edge__button"
                  aria-label="Edit connection label"
                  onClick={() => openDialog({ kind: 'edge-label', edgeId: id })}
                >
                  <i className="pi pi-tag" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="flow-edge__button flow-edge__button--delete"
                  aria-label="Delete connection"
                  data-testid="edge-delete"
                  onClick={() => void commands.deleteItems([], [id])}
                >
                  <i className="pi pi-times" aria-hidden="true" />
                </button>
              </>
            ) : null}
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
}

export const ButtonEdge = memo(ButtonEdgeView);
