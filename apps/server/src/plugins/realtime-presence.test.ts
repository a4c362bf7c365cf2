import {
  createServer,
  connect as tcpConnect,
  type Server,
  type Socket as TcpSocket,
} from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  TPresenceEvent,
  TPresenceMember,
  TPresenceStateEvent,
  TServerToClientEvents,
} from '@flowsmith/shared';
import { createWorld, type TWorld } from '../test/api-world';
import { connectedClient, type TRealtimeTestClient } from '../test/realtime-client';
import { testDatabaseKinds } from '../test/test-databases';

type TClient = TRealtimeTestClient;

/**
 * A TCP relay to the app that can go silent: it keeps both connections open but forwards
 * nothing, as a network that drops without closing does.
 */
async function silenceableRelay(port: number) {
  const pairs: Array<[TcpSocket, TcpSocket]> = [];
  const server: Server = createServer((inbound) => {
    const outbound = tcpConnect(port, '127.0.0.1');
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    inbound.on('error', () => outbound.destroy());
    outbound.on('error', () => inbound.destroy());
    pairs.push([inbound, outbound]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    silence() {
      for (const [inbound, outbound] of pairs) {
        inbound.unpipe(outbound);
        outbound.unpipe(inbound);
        inbound.pause();
        outbound.pause();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of pairs) pair.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

describe.each(testDatabaseKinds)('presence on a project channel (%s)', (database) => {
  let w: TWorld;
  let url: string;
  let port: number;
  const clients: TClient[] = [];

  beforeAll(async () => {
    w = await createWorld(database);
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (w.t.app.server.address() as AddressInfo).port;
    url = `http://127.0.0.1:${port}`;
  }, 120_000);
  afterEach(() => clients.splice(0).forEach((client) => client.disconnect()));
  afterAll(() => w.t.close());

  async function open(userId: string, at = url): Promise<TClient> {
    const { token } = await w.t.app.realtime.ticket(userId);
    return connectedClient(at, token, (client) => clients.push(client));
  }
  const channel = () => `project:${w.projectId}`;
  /**
   * The next such event about `about` (any connection if left out): on PostgreSQL the events of
   * an earlier test's connections may still be on their way through the database.
   */
  const next = <E extends 'join' | 'leave' | 'presence-state'>(
    client: TClient,
    event: E,
    about?: TClient,
  ) =>
    new Promise<Parameters<TServerToClientEvents[E]>[0]>((resolve) => {
      // Read now: a client that loses its connection forgets its id.
      const id = about?.id;
      const listener = (payload: { client: string }) => {
        if (id && payload.client !== id) return;
        client.off(event, listener as never);
        resolve(payload as never);
      };
      client.on(event, listener as never);
    });

  it('tells members who joins and leaves: client, user with name, avatar and colour, connection and channel info', async () => {
    const owner = await open(w.users.owner.id);
    await owner.emitWithAck('subscribe', channel());
    const viewer = await open(w.users.viewer.id);
    const joined = next(owner, 'join', viewer);
    expect(await viewer.emitWithAck('subscribe', channel())).toMatchObject({ ok: true });
    const join: TPresenceEvent = await joined;
    expect(join).toEqual({
      channel: channel(),
      client: viewer.id,
      user: {
        id: w.users.viewer.id,
        name: 'Vera Viewer',
        avatar: 'VV',
        colour: expect.stringMatching(/^#[0-9a-f]{6}$/),
      },
      connInfo: { connectedAt: expect.any(String) },
      chanInfo: { role: 'viewer' },
    });
    expect(Number.isNaN(Date.parse(join.connInfo.connectedAt))).toBe(false);

    const left = next(owner, 'leave', viewer);
    await viewer.emitWithAck('unsubscribe', channel());
    expect(await left).toEqual({ ...join });
  });

  it('answers the presence list to a subscriber, with each member once per connection', async () => {
    const owner = await open(w.users.owner.id);
    const editor = await open(w.users.editor.id);
    await owner.emitWithAck('subscribe', channel());
    await editor.emitWithAck('subscribe', channel());
    const reply = await editor.emitWithAck('presence', channel());
    expect(reply.ok).toBe(true);
    const members = reply.ok ? reply.data.members : [];
    const byClient = new Map(members.map((m: TPresenceMember) => [m.client, m]));
    expect(byClient.size).toBe(2);
    expect(byClient.get(owner.id!)).toMatchObject({
      user: { id: w.users.owner.id, name: 'Olive Owner', avatar: 'OO' },
      chanInfo: { role: 'owner' },
      state: { cursor: null, selection: [] },
    });
    expect(byClient.get(editor.id!)).toMatchObject({ chanInfo: { role: 'editor' } });

    const outsider = await open(w.users.editor.id);
    for (const asked of [channel(), outsider.id, 42]) {
      expect(await outsider.emitWithAck('presence', asked as string)).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    }
  });

  it('refuses presence to a non-member: no subscription, no list, no join event', async () => {
    const owner = await open(w.users.owner.id);
    await owner.emitWithAck('subscribe', channel());
    let joins = 0;
    owner.on('join', (event) => {
      if (event.user.id === w.users.stranger.id) joins++;
    });
    const stranger = await open(w.users.stranger.id);
    expect(await stranger.emitWithAck('subscribe', channel())).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await stranger.emitWithAck('presence', channel())).toMatchObject({ ok: false });
    stranger.emit('presence-state', channel(), { cursor: { x: 1, y: 2 } });
    await owner.emitWithAck('ping');
    expect(joins).toBe(0);
    const reply = await owner.emitWithAck('presence', channel());
    expect(reply.ok && reply.data.members.map((m) => m.user.id)).toEqual([w.users.owner.id]);
  });

  it("relays a member's cursor and selection to the others and keeps them for the list", async () => {
    const owner = await open(w.users.owner.id);
    const editor = await open(w.users.editor.id);
    await owner.emitWithAck('subscribe', channel());
    await editor.emitWithAck('subscribe', channel());
    const moved = next(owner, 'presence-state', editor);
    editor.emit('presence-state', channel(), { cursor: { x: 120.5, y: -40 }, selection: ['n1'] });
    const state: TPresenceStateEvent = await moved;
    expect(state).toEqual({
      channel: channel(),
      client: editor.id,
      cursor: { x: 120.5, y: -40 },
      selection: ['n1'],
    });
    const cleared = next(owner, 'presence-state', editor);
    editor.emit('presence-state', channel(), { cursor: null });
    expect(await cleared).toEqual({ channel: channel(), client: editor.id, cursor: null });

    // A malformed state is dropped; the next good one still arrives.
    const after = next(owner, 'presence-state', editor);
    editor.emit('presence-state', channel(), { cursor: { x: 'left', y: 0 } } as never);
    editor.emit('presence-state', channel(), { selection: ['n2'] });
    expect(await after).toMatchObject({ selection: ['n2'] });

    const reply = await owner.emitWithAck('presence', channel());
    const entry = reply.ok ? reply.data.members.find((m) => m.client === editor.id) : undefined;
    expect(entry?.state).toEqual({ cursor: null, selection: ['n2'] });
  });

  it('drops state updates beyond twice the allowed rate in a second', async () => {
    const owner = await open(w.users.owner.id);
    const editor = await open(w.users.editor.id);
    await owner.emitWithAck('subscribe', channel());
    await editor.emitWithAck('subscribe', channel());
    let received = 0;
    owner.on('presence-state', (event) => {
      if (event.client === editor.id) received++;
    });
    for (let i = 0; i < 200; i++)
      editor.emit('presence-state', channel(), { cursor: { x: i, y: i } });
    await editor.emitWithAck('ping');
    await expect.poll(() => received).toBeGreaterThan(0);
    // On PostgreSQL the relayed updates travel through the database; let the last ones land.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received).toBeLessThanOrEqual(40);
  });

  it('removes a member whose connection drops silently within 10 seconds', async () => {
    const owner = await open(w.users.owner.id);
    await owner.emitWithAck('subscribe', channel());
    const relay = await silenceableRelay(port);
    try {
      const editor = await open(w.users.editor.id, relay.url);
      await editor.emitWithAck('subscribe', channel());
      const editorId = editor.id;
      const left = next(owner, 'leave', editor);
      const silencedAt = Date.now();
      relay.silence();
      const leave = await left;
      expect(leave).toMatchObject({ client: editorId, user: { id: w.users.editor.id } });
      expect(Date.now() - silencedAt).toBeLessThan(10_000);
      const reply = await owner.emitWithAck('presence', channel());
      expect(reply.ok && reply.data.members.map((m) => m.client)).toEqual([owner.id]);
    } finally {
      await relay.close();
    }
  }, 15_000);
});
