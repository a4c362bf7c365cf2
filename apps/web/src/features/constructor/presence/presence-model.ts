import type {
  TPresenceEvent,
  TPresenceMember,
  TPresenceStateEvent,
  TPresenceUser,
} from '@flowsmith/shared';

/** A connection on the canvas, with when its cursor last moved (ms since the epoch). */
export type TPresenceEntry = TPresenceMember & { cursorAt: number };
export type TPresenceMembers = Record<string, TPresenceEntry>;

/** A cursor that has not moved for this long is hidden: cursors show while they move. */
export const CURSOR_IDLE_MS = 8_000;

export function fromList(members: TPresenceMember[], now: number): TPresenceMembers {
  return Object.fromEntries(
    members.map((member) => [
      member.client,
      { ...member, cursorAt: member.state.cursor ? now : 0 },
    ]),
  );
}

export function withJoin(members: TPresenceMembers, event: TPresenceEvent): TPresenceMembers {
  if (members[event.client]) return members;
  const { channel: _channel, ...member } = event;
  return {
    ...members,
    [event.client]: { ...member, state: { cursor: null, selection: [] }, cursorAt: 0 },
  };
}

export function withLeave(members: TPresenceMembers, client: string): TPresenceMembers {
  if (!members[client]) return members;
  const { [client]: _gone, ...rest } = members;
  return rest;
}

export function withState(
  members: TPresenceMembers,
  event: TPresenceStateEvent,
  now: number,
): TPresenceMembers {
  const member = members[event.client];
  if (!member) return members;
  const cursor = event.cursor === undefined ? member.state.cursor : event.cursor;
  const selection = event.selection ?? member.state.selection;
  return {
    ...members,
    [event.client]: {
      ...member,
      state: { cursor, selection },
      cursorAt: event.cursor === undefined ? member.cursorAt : now,
    },
  };
}

/** The people on the canvas, each once however many tabs they have open, the user first. */
export function peopleOf(members: TPresenceMembers, selfUserId: string | null): TPresenceUser[] {
  const people = new Map<string, TPresenceUser>();
  for (const member of Object.values(members)) people.set(member.user.id, member.user);
  return [...people.values()].sort((a, b) => {
    if (a.id === selfUserId) return -1;
    if (b.id === selfUserId) return 1;
    return a.name.localeCompare(b.name);
  });
}

/** The other connections whose cursor moved lately, with a point to draw. */
export function movingCursors(members: TPresenceMembers, selfClient: string | null, now: number) {
  return Object.values(members).flatMap((member) =>
    member.client !== selfClient && member.state.cursor && now - member.cursorAt < CURSOR_IDLE_MS
      ? [{ client: member.client, user: member.user, at: member.state.cursor }]
      : [],
  );
}

/** Node ids selected by other connections, each with who selected it. */
export function remoteSelections(members: TPresenceMembers, selfClient: string | null) {
  return Object.values(members).flatMap((member) =>
    member.client === selfClient
      ? []
      : member.state.selection.map((nodeId) => ({
          client: member.client,
          user: member.user,
          nodeId,
        })),
  );
}

/**
 * Sends at most one update per `intervalMs`: the first at once, then the latest of those that
 * came in between at the end of the interval, merged so a selection is never lost to a cursor.
 */
export function throttled<T extends object>(intervalMs: number, send: (value: T) => void) {
  let pending: T | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    if (!pending) return;
    const value = pending;
    pending = null;
    send(value);
    timer = setTimeout(flush, intervalMs);
  };
  return {
    push(value: T) {
      pending = { ...pending, ...value };
      if (!timer) flush();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}
