import type { Server, Socket } from 'socket.io';
import {
  initialsOf,
  PRESENCE_STATE_RATE,
  ZChannel,
  ZPresenceState,
  type TClientToServerEvents,
  type TPresenceEvent,
  type TPresenceMember,
  type TPresenceUser,
  type TServerToClientEvents,
  type TUser,
} from '@flowsmith/shared';

type TChannelPresence = {
  chanInfo: Record<string, unknown>;
  cursor: { x: number; y: number } | null;
  selection: string[];
};

/**
 * What the server keeps on a connection. Plain data, so `fetchSockets` reads it from any
 * server once Socket.IO runs with an adapter across several.
 */
export type TSocketData = {
  user: TUser;
  /** The sign-in session the connection was made from (absent for API-key tokens). */
  sessionId?: string;
  connectedAt: string;
  channels: Record<string, TChannelPresence>;
};

type TIo = Server<TClientToServerEvents, TServerToClientEvents, Record<string, never>, TSocketData>;
type TSocket = Socket<
  TClientToServerEvents,
  TServerToClientEvents,
  Record<string, never>,
  TSocketData
>;

/**
 * How often the server pings a connection and how long it waits for the answer. A connection
 * that drops without closing (network gone, laptop shut) is noticed within their sum, and its
 * member leaves every channel: at most 7 s, inside the 10 s the canvas promises.
 */
export const PRESENCE_PING = { pingInterval: 4_000, pingTimeout: 3_000 };

/** Distinct on light and dark canvases; a user keeps one colour on every screen. */
const COLOURS = [
  '#e11d48',
  '#2563eb',
  '#16a34a',
  '#d97706',
  '#9333ea',
  '#0891b2',
  '#db2777',
  '#65a30d',
  '#ea580c',
  '#4f46e5',
];

function colourOf(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

function presenceUser(user: TUser): TPresenceUser {
  return { id: user.id, name: user.name, avatar: initialsOf(user.name), colour: colourOf(user.id) };
}

type TPresenceSource = { id: string; data: TSocketData };

function member({ id, data }: TPresenceSource, channel: string): TPresenceMember {
  const here = data.channels[channel];
  return {
    client: id,
    user: presenceUser(data.user),
    connInfo: { connectedAt: data.connectedAt },
    chanInfo: here?.chanInfo ?? {},
    state: { cursor: here?.cursor ?? null, selection: here?.selection ?? [] },
  };
}

/** The join or leave event of one connection on one channel. */
export function presenceEvent(socket: TPresenceSource, channel: string): TPresenceEvent {
  const { state: _state, ...event } = member(socket, channel);
  return { channel, ...event };
}

/** Records a subscription with what the channel's access check said about it. */
export function enterChannel(
  socket: TSocket,
  channel: string,
  chanInfo: Record<string, unknown>,
): void {
  const here = socket.data.channels[channel];
  // Subscribing again (a second view of the same canvas) keeps the shared cursor and selection.
  socket.data.channels[channel] = here
    ? { ...here, chanInfo }
    : { chanInfo, cursor: null, selection: [] };
}

export function leaveChannel(socket: TSocket, channel: string): void {
  delete socket.data.channels[channel];
}

/**
 * The presence list and state relay of one connection: `presence` answers who is subscribed to
 * a channel the caller is subscribed to, `presence-state` shares the caller's cursor and
 * selection with the others. State updates beyond twice the client's rate in a second are
 * dropped, so one client cannot flood a channel.
 */
export function handlePresence(io: TIo, socket: TSocket): void {
  let windowStart = 0;
  let inWindow = 0;

  socket.on('presence', async (channel, ack) => {
    if (typeof ack !== 'function') return;
    if (!ZChannel.safeParse(channel).success || !socket.rooms.has(channel)) {
      return ack({
        ok: false,
        error: { code: 'forbidden', message: 'Subscribe to the channel first' },
      });
    }
    const sockets = await io.in(channel).fetchSockets();
    ack({ ok: true, data: { members: sockets.map((found) => member(found, channel)) } });
  });

  socket.on('presence-state', (channel, state) => {
    if (!ZChannel.safeParse(channel).success || !socket.rooms.has(channel)) return;
    const here = socket.data.channels[channel];
    if (!here) return;
    const now = Date.now();
    if (now - windowStart >= 1_000) {
      windowStart = now;
      inWindow = 0;
    }
    if (++inWindow > PRESENCE_STATE_RATE * 2) return;
    const parsed = ZPresenceState.safeParse(state);
    if (!parsed.success) return;
    const { cursor, selection } = parsed.data;
    if (cursor !== undefined) here.cursor = cursor;
    if (selection !== undefined) here.selection = selection;
    socket.to(channel).emit('presence-state', { channel, client: socket.id, ...parsed.data });
  });
}
