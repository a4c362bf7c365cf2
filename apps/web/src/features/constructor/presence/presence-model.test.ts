import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPresenceEvent, TPresenceMember } from '@flowsmith/shared';
import {
  CURSOR_IDLE_MS,
  fromList,
  movingCursors,
  peopleOf,
  remoteSelections,
  throttled,
  withJoin,
  withLeave,
  withState,
} from './presence-model';

const person = (id: string, name: string) => ({ id, name, avatar: name[0]!, colour: '#2563eb' });
const member = (client: string, userId: string, name: string): TPresenceMember => ({
  client,
  user: person(userId, name),
  connInfo: { connectedAt: '2026-01-01T00:00:00.000Z' },
  chanInfo: { role: 'editor' },
  state: { cursor: null, selection: [] },
});
const joinOf = (m: TPresenceMember): TPresenceEvent => {
  const { state: _state, ...event } = m;
  return { channel: 'project:p', ...event };
};

describe('presence members', () => {
  it('follows joins, leaves and state, ignoring state of unknown connections', () => {
    let members = fromList([member('c1', 'u1', 'Ada')], 0);
    members = withJoin(members, joinOf(member('c2', 'u2', 'Bob')));
    expect(Object.keys(members)).toEqual(['c1', 'c2']);
    members = withState(members, { channel: 'project:p', client: 'c2', selection: ['n1'] }, 10);
    members = withState(
      members,
      { channel: 'project:p', client: 'c2', cursor: { x: 1, y: 2 } },
      20,
    );
    expect(members.c2!.state).toEqual({ cursor: { x: 1, y: 2 }, selection: ['n1'] });
    expect(members.c2!.cursorAt).toBe(20);
    expect(withState(members, { channel: 'project:p', client: 'zz', selection: [] }, 0)).toBe(
      members,
    );
    members = withLeave(members, 'c2');
    expect(Object.keys(members)).toEqual(['c1']);
  });

  it("lists each person once, the user's own first, the others by name", () => {
    const members = fromList(
      [
        member('c1', 'u3', 'Zoe'),
        member('c2', 'u2', 'Bob'),
        member('c3', 'u1', 'Mia'),
        member('c4', 'u3', 'Zoe'),
      ],
      0,
    );
    expect(peopleOf(members, 'u1').map((p) => p.name)).toEqual(['Mia', 'Bob', 'Zoe']);
  });

  it("shows others' cursors while they move and their selections, never this tab's own", () => {
    let members = fromList([member('self', 'u1', 'Ada'), member('other', 'u2', 'Bob')], 0);
    for (const client of ['self', 'other']) {
      members = withState(
        members,
        { channel: 'project:p', client, cursor: { x: 5, y: 6 }, selection: ['n1'] },
        1_000,
      );
    }
    expect(movingCursors(members, 'self', 1_000).map((c) => c.client)).toEqual(['other']);
    expect(movingCursors(members, 'self', 1_000 + CURSOR_IDLE_MS)).toEqual([]);
    expect(remoteSelections(members, 'self')).toEqual([
      { client: 'other', user: members.other!.user, nodeId: 'n1' },
    ]);
  });
});

describe('throttled sharing', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the first update at once, then the merged latest once per interval', () => {
    vi.useFakeTimers();
    const sent: object[] = [];
    const outbox = throttled<{ cursor?: number; selection?: string[] }>(50, (v) => sent.push(v));
    outbox.push({ cursor: 1 });
    outbox.push({ cursor: 2 });
    outbox.push({ selection: ['n1'] });
    outbox.push({ cursor: 3 });
    expect(sent).toEqual([{ cursor: 1 }]);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([{ cursor: 1 }, { cursor: 3, selection: ['n1'] }]);
    vi.advanceTimersByTime(200);
    expect(sent).toHaveLength(2);
    outbox.push({ cursor: 4 });
    outbox.cancel();
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([{ cursor: 1 }, { cursor: 3, selection: ['n1'] }, { cursor: 4 }]);
  });
});
