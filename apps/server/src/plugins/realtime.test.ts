import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TClientToServerEvents, TPublication, TServerToClientEvents } from '@flowsmith/shared';
import { createTestApp, type TTestApp } from '../test/test-app';

type TClient = Socket<TServerToClientEvents, TClientToServerEvents>;

describe('realtime connection', () => {
  let t: TTestApp;
  let url: string;
  let ada: { id: string; wsToken: string };
  let bob: { id: string; wsToken: string };
  const clients: TClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ database: 'pglite' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const a = await t.signUp('ada@example.com');
    const b = await t.signUp('bob@example.com');
    ada = { id: a.body.user.id, wsToken: a.body.wsInfo.token };
    bob = { id: b.body.user.id, wsToken: b.body.wsInfo.token };
  });
  afterEach(() => clients.splice(0).forEach((client) => client.disconnect()));
  afterAll(() => t.close());

  function open(token: unknown): TClient {
    const client: TClient = connect(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    clients.push(client);
    return client;
  }
  const connected = (client: TClient) =>
    new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });

  it('accepts the wsToken from sign-in and answers a ping', async () => {
    const client = open(ada.wsToken);
    await connected(client);
    const reply = await client.timeout(2_000).emitWithAck('ping');
    expect(reply).toMatchObject({ ok: true, data: { time: expect.any(String) } });
  });

  it.each([
    ['a missing token', undefined],
    ['a forged token', 'not-a-jwt'],
    ['a token signed with another key', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
  ])('refuses %s', async (_label, token) => {
    await expect(connected(open(token))).rejects.toThrow('unauthorized');
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ada.id)
      .setAudience('flowsmith:realtime')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode('test-secret-key-that-is-long-enough-0123'));
    await expect(connected(open(expired))).rejects.toThrow('unauthorized');
  });

  it('lets a user subscribe to their own channel only, and delivers publications there', async () => {
    const client = open(ada.wsToken);
    await connected(client);
    expect(await client.emitWithAck('subscribe', `user:${ada.id}`)).toEqual({
      ok: true,
      data: { offset: 0 },
    });
    for (const channel of [`user:${bob.id}`, 'project:whatever', 'nonsense', 'run:../x']) {
      expect(await client.emitWithAck('subscribe', channel)).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    }
    const received = new Promise<TPublication>((resolve) => client.once('publication', resolve));
    t.app.realtime.publish(`user:${ada.id}`, { hello: 'ada' }, { kind: 'greeting' });
    t.app.realtime.publish(`user:${bob.id}`, { hello: 'bob' });
    expect(await received).toEqual({
      channel: `user:${ada.id}`,
      data: { hello: 'ada' },
      offset: 1,
      tags: { kind: 'greeting' },
    });
  });

  it('tells other subscribers of a channel who joins and leaves', async () => {
    t.app.realtime.registerChannel('project', () => true);
    const first = open(ada.wsToken);
    const second = open(bob.wsToken);
    await Promise.all([connected(first), connected(second)]);
    await first.emitWithAck('subscribe', 'project:p1');
    const joined = new Promise((resolve) => first.once('join', resolve));
    await second.emitWithAck('subscribe', 'project:p1');
    expect(await joined).toMatchObject({
      channel: 'project:p1',
      user: { id: bob.id },
      client: second.id,
    });
    const left = new Promise((resolve) => first.once('leave', resolve));
    second.disconnect();
    expect(await left).toMatchObject({ channel: 'project:p1', user: { id: bob.id } });
  });
});
