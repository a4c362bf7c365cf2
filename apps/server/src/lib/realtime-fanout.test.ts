import { createServer } from 'node:http';
import pg from 'pg';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../test/test-databases';
import { createPostgresFanout } from './realtime-fanout';

const HEARTBEAT_MS = 100;
const quiet = { warn: () => undefined };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// The servers hear each other through the database, later on a busy machine.
const patiently = { timeout: 10_000 };

describe.runIf(testDatabaseKinds.includes('postgres'))('the PostgreSQL fan-out', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let listener: pg.Client;
  // What the servers send each other, heard as a third LISTENer would.
  const heard: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    listener.on('notification', ({ payload }) => heard.push(payload ?? ''));
    await listener.query('LISTEN "socket.io#/"');
  });
  afterAll(async () => {
    await listener?.end();
    await database?.close();
  });

  async function startServer() {
    const fanout = await createPostgresFanout(database.url!, quiet, { heartbeatMs: HEARTBEAT_MS });
    // Socket.IO closes an engine only when attached to a server; this one never listens.
    const io = new Server(createServer(), { adapter: fanout.adapter });
    return {
      publish: (n: number) => io.to('project:shared').emit('publication', { n }),
      async close() {
        await new Promise((resolve) => io.close(resolve));
        await fanout.close();
      },
    };
  }
  const wasSent = (n: number) => heard.some((payload) => payload.includes(`{"n":${n}}`));

  it('keeps a lone server’s publications off the database until another server starts', async () => {
    const a = await startServer();
    try {
      // Just started, it cannot know yet whether others run: it sends.
      a.publish(1);
      await expect.poll(() => wasSent(1), patiently).toBe(true);

      // Two heartbeats with no one heard: alone, it sends nothing.
      await pause(3 * HEARTBEAT_MS);
      a.publish(2);
      await pause(3 * HEARTBEAT_MS);
      expect(wasSent(2)).toBe(false);

      // Another server says it is there as it starts; from then on A sends again.
      const b = await startServer();
      let n = 2;
      await expect
        .poll(async () => {
          a.publish(++n);
          await pause(HEARTBEAT_MS);
          return wasSent(n);
        }, patiently)
        .toBe(true);

      // Gone again (it says so as it closes), A is alone once more.
      await b.close();
      await expect
        .poll(async () => {
          a.publish(++n);
          await pause(2 * HEARTBEAT_MS);
          return wasSent(n);
        }, patiently)
        .toBe(false);
    } finally {
      await a.close();
    }
  });
});
