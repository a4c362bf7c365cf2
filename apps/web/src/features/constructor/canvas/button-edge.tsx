import { memo, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import {
  BaseEdge,
  EdgeLabelRenderer,
  getBezierPath,
  useStore,
  type EdgeProps,
  type ReactFlowState,
} from '@xyflow/react';
import type { TFlowEdge } from '../core/flow-types';
import { openDialog } from '../state/canvas-store';
import { useCanvasUi } from './canvas-context';

const HIDE_DELAY_MS = 250;

/**
 * The stacking level React Flow gives an edge between nodes inside groups (that of its deepest
 * end), so its label and buttons sit above the group's frame and the edge's own hit path
 * instead of under them. Top-level edges stay at 0, below the nodes.
 */
function useEdgeLevel(source: string, target: string): number {
  return useStore((state: ReactFlowState) => {
    const level = (id: string) => {
      const node = state.nodeLookup.get(id);
      return node?.parentId ? node.internals.z : 0;
    };
    return Math.max(level(source), level(target));
  });
}

type TMidpointProps = {
  source: string;
  target: string;
  x: number;
  y: number;
  children: ReactNode;
} & Pick<HTMLAttributes<HTMLDivElement>, 'onMouseEnter' | 'onMouseLeave'>;

/** Rendered only while there is a label or buttons to show, which keeps 1,000 edges light. */
function EdgeMidpoint({ source, target, x, y, children, ...hover }: TMidpointProps) {
  const level = useEdgeLevel(source, target);
  return (
    <EdgeLabelRenderer>
      <div
        className="flow-edge__midpoint nodrag nopan"
        style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)`, zIndex: level }}
        data-testid="edge-midpoint"
        {...hover}
      >
        {children}
      </div>
    </EdgeLabelRenderer>
  );
}

/**
 * A connection with its optional label and, while hovered or selected, buttons at its midpoint
 * to delete it or edit the label. Buttons render only then, which keeps 1,000 edges light.
 */
function ButtonEdgeView(props: EdgeProps<TFlowEdge>) {
  const { id, source, target, data, selected, markerEnd, style } = props;
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
        <EdgeMidpoint
          source={source}
          target={target}
          x={labelX}
          y={labelY}
          onMouseEnter={show}
          onMouseLeave={hide}
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
        </EdgeMidpoint>
      ) : null}
    </>
  );
}

export const ButtonEdge = memo(ButtonEdgeView);
