import { useEffect, useState } from 'react';
import { useInternalNode, useReactFlow, useStore, ViewportPortal } from '@xyflow/react';
import type { TPresenceUser } from '@flowsmith/shared';
import { movingCursors, remoteSelections } from './presence-model';
import { usePresenceStore } from './presence-store';
import './presence.css';

/** How often idle cursors are looked for, to hide them. */
const IDLE_CHECK_MS = 1_000;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Another member's selection of one node: an outline in their colour, outside the node's own. */
function SelectionOutline({
  nodeId,
  user,
  ring,
}: {
  nodeId: string;
  user: TPresenceUser;
  ring: number;
}) {
  const node = useInternalNode(nodeId);
  if (!node) return null;
  const { x, y } = node.internals.positionAbsolute;
  const width = node.measured.width ?? node.width ?? 0;
  const height = node.measured.height ?? node.height ?? 0;
  const gap = 4 + ring * 4;
  return (
    <div
      className="presence-selection"
      data-testid="presence-selection"
      data-node-id={nodeId}
      title={`Selected by ${user.name}`}
      style={{
        transform: `translate(${x - gap}px, ${y - gap}px)`,
        width: width + gap * 2,
        height: height + gap * 2,
        borderColor: user.colour,
      }}
    />
  );
}

/**
 * Others' cursors and selections, drawn in flow coordinates so they point at the same place on
 * every member's screen whatever their zoom and pan; and this tab's cursor, shared as it moves.
 */
export function PresenceLayer() {
  const { screenToFlowPosition } = useReactFlow();
  const pane = useStore((state) => state.domNode);
  const zoom = useStore((state) => state.transform[2]);
  const share = usePresenceStore((state) => state.share);
  const members = usePresenceStore((state) => state.members);
  const selfClient = usePresenceStore((state) => state.selfClient);
  const now = useNow(IDLE_CHECK_MS);

  useEffect(() => {
    if (!pane || !share) return;
    // Unsnapped: the canvas snaps nodes to its grid, but a pointer points where it is.
    const onMove = (event: PointerEvent) =>
      share({
        cursor: screenToFlowPosition({ x: event.clientX, y: event.clientY }, { snapToGrid: false }),
      });
    const onLeave = () => share({ cursor: null });
    pane.addEventListener('pointermove', onMove);
    pane.addEventListener('pointerleave', onLeave);
    return () => {
      pane.removeEventListener('pointermove', onMove);
      pane.removeEventListener('pointerleave', onLeave);
    };
  }, [pane, share, screenToFlowPosition]);

  const rings = new Map<string, number>();
  const outlines = remoteSelections(members, selfClient).map((selection) => {
    const ring = rings.get(selection.nodeId) ?? 0;
    rings.set(selection.nodeId, ring + 1);
    return { ...selection, ring };
  });

  return (
    <ViewportPortal>
      {outlines.map(({ client, nodeId, user, ring }) => (
        <SelectionOutline key={`${client}:${nodeId}`} nodeId={nodeId} user={user} ring={ring} />
      ))}
      {movingCursors(members, selfClient, now).map(({ client, user, at }) => (
        <div
          key={client}
          className="presence-cursor"
          data-testid="presence-cursor"
          data-user={user.name}
          // The pointer keeps its size at any zoom; only its position is in flow coordinates.
          style={{ transform: `translate(${at.x}px, ${at.y}px) scale(${1 / zoom})` }}
        >
          <svg width="16" height="20" viewBox="0 0 16 20" aria-hidden="true">
            <path d="M1 1 L1 16 L5 12 L8 19 L11 18 L8 11 L14 11 Z" fill={user.colour} />
          </svg>
          <span className="presence-cursor__name" style={{ backgroundColor: user.colour }}>
            {user.name}
          </span>
        </div>
      ))}
    </ViewportPortal>
  );
}
