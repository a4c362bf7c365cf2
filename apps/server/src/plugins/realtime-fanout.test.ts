import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TPublication } from '@flowsmith/shared';
import type { TDatabase } from '../db/database';
import { runs } from '../db/schema/index';
import { FANOUT_CONNECTION } from '../lib/realtime-fanout';
import { connectedClient, type TRealtimeTestClient } from '../test/realtime-client';
import { captureLog, createTestApp, type TTestApp } from '../test/test-app';
import { openTestDatabase, queryRows, testDatabaseKinds } from '../test/test-databases';

type TClient = TRealtimeTestClient;

describe.runIf(testDatabaseKinds.includes('postgres'))('realtime across two servers', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let second: TDatabase;
  let a: TTestApp;
  let b: TTestApp;
  const clients: TClient[] = [];
  const logs = [captureLog(), captureLog()];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    second = await database.reopen();
    a = await createTestApp({ database, logStream: logs[0]!.stream });
    b = await createTestApp({ database: second, logStream: logs[1]!.stream });
  }, 120_000);
  afterAll(async () => {
    clients.forEach((client) => client.disconnect());
    await a?.close();
    await b?.close();
    await second?.close();
    await database?.close();
  });

  async function open(t: TTestApp, token: string): Promise<TClient> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    return connectedClient(`http://127.0.0.1:${port}`, token, (client) => clients.push(client));
  }

  /** A project made through server A by the user signed in with `cookie`. */
  async function createProject(cookie: string) {
    const project = await a.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie, origin: a.origin },
      payload: { name: 'Shared' },
    });
    return project.json<{ id: string }>().id;
  }

  /** The fan-out connections to the test database, counted from PostgreSQL's side. */
  const fanoutConnections = async () => {
    const [row] = await queryRows<{ count: number }>(
      second.db,
      sql`select count(*)::int as count from pg_stat_activity
          where datname = current_database() and application_name = ${FANOUT_CONNECTION}`,
    );
    return row!.count;
  };

  it('delivers a publication made on server A to a client connected to server B', async () => {
    const ada = await a.signUp('ada@example.com');
    // Signed in through A, connected to B: the servers share the database and the key.
    const client = await open(b, ada.body.wsInfo.token);
    expect(await client.emitWithAck('subscribe', `user:${ada.body.user.id}`)).toMatchObject({
      ok: true,
    });
    const received = new Promise<TPublication>((resolve) => client.once('publication', resolve));
    // B starts LISTENing as it starts; publish until it hears, as a late subscriber would.
    const again = setInterval(
      () => a.app.realtime.publish(`user:${ada.body.user.id}`, { from: 'A' }, { kind: 'hello' }),
      100,
    );
    try {
      expect(await received).toMatchObject({
        channel: `user:${ada.body.user.id}`,
        data: { from: 'A' },
        tags: { kind: 'hello' },
      });
    } finally {
      clearInterval(again);
    }
  });

  it('delivers a canvas write made through server A once to a client on server B', async () => {
    const carl = await a.signUp('carl@example.com');
    const headers = { cookie: carl.cookie, origin: a.origin };
    const projectId = await createProject(carl.cookie);
    const client = await open(b, carl.body.wsInfo.token);
    expect(await client.emitWithAck('subscribe', `project:${projectId}`)).toEqual({
      ok: true,
      data: { offset: 0 },
    });
    const received: TPublication[] = [];
    client.on('publication', (p) => received.push(p));
    for (const title of ['one', 'two']) {
      const node = await a.app.inject({
        method: 'POST',
        url: '/api/nodes',
        headers,
        payload: { projectId, type: 'blank', data: { title } },
      });
      expect(node.statusCode).toBe(201);
    }
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    // Each server sends stored changes to its own clients only: no copies from the other.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received.map((p) => p.offset)).toEqual([1, 2]);
  });

  it('tells a subscriber on one server who joins the channel on the other', async () => {
    const olive = await a.signUp('olive@example.com');
    const vera = await b.signUp('vera@example.com');
    const projectId = await createProject(olive.cookie);
    await a.app.inject({
      method: 'POST',
      url: '/api/project_users',
      headers: { cookie: olive.cookie, origin: a.origin },
      payload: { projectId, userId: vera.body.user.id, role: 'viewer' },
    });
    const onA = await open(a, olive.body.wsInfo.token);
    const onB = await open(b, vera.body.wsInfo.token);
    expect(await onA.emitWithAck('subscribe', `project:${projectId}`)).toMatchObject({ ok: true });
    const joined = new Promise((resolve) => onA.once('join', resolve));
    expect(await onB.emitWithAck('subscribe', `project:${projectId}`)).toMatchObject({ ok: true });
    expect(await joined).toMatchObject({
      channel: `project:${projectId}`,
      user: { id: vera.body.user.id },
      client: onB.id,
    });
  });

  it("sends a run's publication to the other servers only while a client there follows it", async () => {
    const dora = await a.signUp('dora@example.com');
    const projectId = await createProject(dora.cookie);
    const [run] = await a.database.db
      .insert(runs)
      .values({ projectId, userId: dora.body.user.id })
      .returning({ id: runs.id });
    const channel = `run:${run!.id}`;
    // What the servers say to each other, heard as a third LISTENer would.
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const broadcasts: string[] = [];
    listener.on('notification', ({ payload }) => {
      if (payload?.includes(channel) && payload.includes('"publication"')) broadcasts.push(payload);
    });
    await listener.query('LISTEN "socket.io#/"');
    try {
      // Read nowhere, a publication is not even made into a packet.
      const sent = vi.spyOn(a.app.realtime.io, 'to');
      a.app.realtime.publish(channel, { to: 'nobody' });
      expect(sent).not.toHaveBeenCalled();
      sent.mockRestore();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(broadcasts).toEqual([]);

      const client = await open(b, dora.body.wsInfo.token);
      await client.emitWithAck('subscribe', channel);
      const received = new Promise<TPublication>((resolve) => client.once('publication', resolve));
      // B tells A as the client joins; publish until A has heard it.
      const again = setInterval(() => a.app.realtime.publish(channel, { to: 'B' }), 100);
      try {
        expect((await received).data).toEqual({ to: 'B' });
      } finally {
        clearInterval(again);
      }
      // This listener hears it on a connection of its own, maybe after B's client did.
      await expect.poll(() => broadcasts.length).toBeGreaterThan(0);

      client.disconnect();
      await expect
        .poll(async () => {
          const before = broadcasts.length;
          a.app.realtime.publish(channel, { to: 'nobody again' });
          await new Promise((resolve) => setTimeout(resolve, 200));
          return broadcasts.length === before;
        })
        .toBe(true);
    } finally {
      await listener.end();
    }
  });

  it('survives losing its database connections and fans out again once reconnected', async () => {
    const [before] = await queryRows<{ count: number }>(
      second.db,
      sql`select count(*)::int as count from pg_stat_activity
          where datname = current_database() and application_name = ${FANOUT_CONNECTION}`,
    );
    expect(before!.count).toBeGreaterThanOrEqual(2);
    await second.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${FANOUT_CONNECTION}`,
    );
    const ada = await b.signUp('ada-again@example.com');
    const client = await open(b, ada.body.wsInfo.token);
    await client.emitWithAck('subscribe', `user:${ada.body.user.id}`);
    const received = new Promise<TPublication>((resolve) => client.once('publication', resolve));
    const again = setInterval(
      () => a.app.realtime.publish(`user:${ada.body.user.id}`, { after: 'reconnecting' }),
      200,
    );
    try {
      expect((await received).data).toEqual({ after: 'reconnecting' });
    } finally {
      clearInterval(again);
    }
    const lost = logs.flatMap((log) => log.lines.filter((line) => line.level >= 40));
    expect(lost.map((line) => line.msg)).toContain('realtime fan-out connection lost');
    logs.forEach((log) => log.lines.splice(0));
  }, 30_000);

  it('holds its own connections while running and gives them back on close', async () => {
    expect(await fanoutConnections()).toBeGreaterThanOrEqual(2);
    clients.splice(0).forEach((client) => client.disconnect());
    await a.close();
    await b.close();
    await expect.poll(fanoutConnections, { timeout: 5_000 }).toBe(0);
    const problems = logs.flatMap((log) => log.lines.filter((line) => line.level >= 40));
    expect(problems).toEqual([]);
  });
});
