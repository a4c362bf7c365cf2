import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWorld } from '../test/api-world';
import { connectedClient, type TRealtimeTestClient } from '../test/realtime-client';
import { TEST_PASSWORD } from '../test/test-app';
import { testDatabaseKinds } from '../test/test-databases';

type TSocket = TRealtimeTestClient;

/** Access to realtime channels is checked again whenever it may have changed. */
describe.each(testDatabaseKinds)('realtime access that is rechecked on %s', (database) => {
  let w: Awaited<ReturnType<typeof createWorld>>;
  let url: string;
  const sockets: TSocket[] = [];

  beforeAll(async () => {
    w = await createWorld(database);
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(w.t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.disconnect()));
  afterAll(() => w.t.close());

  const open = (token: string): Promise<TSocket> =>
    connectedClient(url, token, (socket) => sockets.push(socket));
  const tokenOf = async (client: { get(url: string): Promise<{ body: { token: string } }> }) =>
    (await client.get('/api/auth/ws-token')).body.token;
  async function subscribed(socket: TSocket, channel: string) {
    expect(await socket.emitWithAck('subscribe', channel)).toMatchObject({ ok: true });
    const events: string[] = [];
    socket.on('publication', (p) => events.push(`publication ${p.channel}`));
    socket.on('unsubscribed', (e) => events.push(`unsubscribed ${e.channel}`));
    return events;
  }
  /** A second sign-in of a world user: its own session cookie and realtime token. */
  async function signIn(email: string) {
    const login = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = `token=${login.cookies.find((c) => c.name === 'token')!.value}`;
    return { cookie, token: (login.json() as { wsInfo: { token: string } }).wsInfo.token };
  }

  it('takes a removed member out of the project channel at once', async () => {
    const channel = `project:${w.projectId}`;
    const viewer = await subscribed(await open(await tokenOf(w.as.viewer)), channel);
    const editor = await subscribed(await open(await tokenOf(w.as.editor)), channel);
    const members = await w.as.owner.get(`/api/project_users?projectId=${w.projectId}`);
    const membership = members.body.items.find(
      (m: { userId: string }) => m.userId === w.users.viewer.id,
    );
    expect((await w.as.owner.del(`/api/project_users/${membership.id}`)).status).toBe(204);
    await expect.poll(() => viewer).toEqual([`unsubscribed ${channel}`]);

    await w.make.node('blank');
    await expect.poll(() => editor).toEqual([`publication ${channel}`]);
    expect(viewer).toEqual([`unsubscribed ${channel}`]);
  });

  it('takes every member out of a deleted project channel', async () => {
    const project = await w.created(w.as.owner.post('/api/projects', { name: 'Short-lived' }));
    await w.created(
      w.as.owner.post('/api/project_users', {
        projectId: project.id,
        userId: w.users.editor.id,
        role: 'editor',
      }),
    );
    const channel = `project:${project.id}`;
    const editor = await subscribed(await open(await tokenOf(w.as.editor)), channel);
    const owner = await subscribed(await open(await tokenOf(w.as.owner)), channel);
    expect((await w.as.owner.del(`/api/projects/${project.id}`)).status).toBe(204);
    await expect.poll(() => editor).toEqual([`unsubscribed ${channel}`]);
    await expect.poll(() => owner).toEqual([`unsubscribed ${channel}`]);
  });

  it('disconnects the connections of a session that signs out, and refuses its token', async () => {
    const session = await signIn('editor@example.com');
    const other = await open(await tokenOf(w.as.editor));
    const socket = await open(session.token);
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const logout = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: session.cookie, origin: w.t.origin },
    });
    expect(logout.statusCode).toBe(204);
    expect(await reason).toBe('io server disconnect');
    // The user's other session stays connected.
    expect(other.connected).toBe(true);
    expect((await other.emitWithAck('ping')).ok).toBe(true);
    await expect(open(session.token)).rejects.toThrow('unauthorized');
  });

  it('disconnects the sessions a password change or a revocation ends', async () => {
    const kept = await signIn('viewer@example.com');
    const other = await signIn('viewer@example.com');
    const revoked = await signIn('viewer@example.com');
    const keptSocket = await open(kept.token);
    const otherSocket = await open(other.token);
    const revokedSocket = await open(revoked.token);
    const ended = (socket: TSocket) =>
      new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const sessionIdOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    const revokedEnd = ended(revokedSocket);
    const revoke = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${sessionIdOf(revoked.token)}`,
      headers: { cookie: kept.cookie, origin: w.t.origin },
    });
    expect(revoke.statusCode).toBe(204);
    expect(await revokedEnd).toBe('io server disconnect');

    const otherEnd = ended(otherSocket);
    const change = await w.t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { cookie: kept.cookie, origin: w.t.origin },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another long passphrase 42' },
    });
    expect(change.statusCode, change.body).toBe(204);
    expect(await otherEnd).toBe('io server disconnect');
    // The session that changed the password stays.
    expect(keptSocket.connected).toBe(true);
    await expect(open(other.token)).rejects.toThrow('unauthorized');
  });
});
