import { z } from 'zod';

/** Who a presence entry is: the user's id, name, the text of their avatar and their colour. */
export type TPresenceUser = { id: string; name: string; avatar: string; colour: string };

/** One connection subscribed to a channel (spec §3 join and leave events). */
export type TPresenceEvent = {
  channel: string;
  /** The connection's id: one user may be present from several tabs. */
  client: string;
  user: TPresenceUser;
  /** About the connection: when it was opened. */
  connInfo: { connectedAt: string };
  /** About this subscription: for `project:{id}`, the member's role. */
  chanInfo: Record<string, unknown>;
};

const ZFlowPoint = z.object({ x: z.number().finite(), y: z.number().finite() });

/** Most node ids one selection update may carry; a larger selection is cut to this. */
export const PRESENCE_SELECTION_MAX = 200;

/**
 * What a member shares about their view of a channel: the cursor in flow coordinates (each
 * member's zoom and pan differ), null when it left the canvas, and the selected node ids.
 * A field left out keeps its last value.
 */
export const ZPresenceState = z.object({
  cursor: ZFlowPoint.nullable().optional(),
  selection: z.array(z.string().max(64)).max(PRESENCE_SELECTION_MAX).optional(),
});
export type TPresenceState = z.infer<typeof ZPresenceState>;

/** A member's current state, relayed to the channel's other subscribers. */
export type TPresenceStateEvent = { channel: string; client: string } & TPresenceState;

/** An entry of the presence list: the join event's fields and the last shared state. */
export type TPresenceMember = Omit<TPresenceEvent, 'channel'> & {
  state: { cursor: { x: number; y: number } | null; selection: string[] };
};

/** Clients send at most this many state updates a second; the server drops the excess. */
export const PRESENCE_STATE_RATE = 20;

/** The initials shown in a person's avatar: first and last word, or the first letter. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}
