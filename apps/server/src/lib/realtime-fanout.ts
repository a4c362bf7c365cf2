import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';

/** The name its connections carry in `pg_stat_activity`. */
export const FANOUT_CONNECTION = 'flowsmith-realtime';

type TFanoutLog = { warn(context: object, message: string): void };

/**
 * The adapter LISTENs on a connection it takes with `connect()` and, when that connection is
 * lost, takes a new one without giving the dead one back, so the pool would wait for it forever
 * on `end()`. Here a lost connection that was not given back is given back, as broken.
 */
function returningLostConnections(pool: pg.Pool, query: TQuery): pg.Pool {
  const connect = async () => {
    const client = await pool.connect();
    const release = client.release.bind(client);
    let released = false;
    client.release = (error) => {
      if (released) return;
      released = true;
      release(error);
    };
    client.once('end', () => client.release(new Error('connection lost')));
    return client;
  };
  // The adapter uses nothing else of the pool.
  const used: Pick<pg.Pool, 'query' | 'connect'> = {
    query: query as pg.Pool['query'],
    connect,
  };
  return used as pg.Pool;
}

const NOTIFY = 'SELECT pg_notify($1, $2)';
// Payloads the adapter keeps under 8000 bytes: this many make a statement of at most a few MB.
const MAX_BATCH = 500;

type TQuery = (text: string, values?: unknown[]) => Promise<unknown>;
type TNotification = {
  channel: string;
  payload: string;
  done: (error?: unknown) => void;
};

/**
 * The adapter sends each publication as a statement of its own, and every one commits (a
 * NOTIFY takes a transaction id, so a WAL flush): a process publishing faster than that queues
 * them without bound. Here one statement is under way at a time, and the notifications that come
 * meanwhile go out together in the next one, in order, committed once. PostgreSQL delivers only
 * one of identical notifications sent in one transaction, so a payload repeated in a batch goes
 * in the next one.
 */
function batchingNotifications(query: TQuery) {
  let waiting: TNotification[] = [];
  let sending: Promise<void> | undefined;

  const send = async () => {
    while (waiting.length > 0) {
      const batch: TNotification[] = [];
      const seen = new Set<string>();
      for (const next of waiting) {
        const key = `${next.channel}\n${next.payload}`;
        if (batch.length === MAX_BATCH || seen.has(key)) break;
        seen.add(key);
        batch.push(next);
      }
      waiting = waiting.slice(batch.length);
      try {
        await query(
          'SELECT pg_notify(n.channel, n.payload) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS n(channel, payload, i) ORDER BY n.i',
          [batch.map((n) => n.channel), batch.map((n) => n.payload)],
        );
        for (const n of batch) n.done();
      } catch (error) {
        for (const n of batch) n.done(error);
      }
    }
    sending = undefined;
  };

  const batched: TQuery = (text, values) => {
    if (text !== NOTIFY || !values) return query(text, values);
    return new Promise<void>((resolve, reject) => {
      waiting.push({
        channel: String(values[0]),
        payload: String(values[1]),
        done: (error) => (error === undefined ? resolve() : reject(error as Error)),
      });
      sending ??= send();
    });
  };
  /** Resolves once every notification queued so far has been sent (or has failed). */
  const sent = () => sending ?? Promise.resolve();
  return { query: batched, sent };
}

/**
 * Socket.IO's PostgreSQL adapter: each server LISTENs on the database and NOTIFYs the others,
 * so a publication reaches clients connected to any server. Its table for payloads over
 * NOTIFY's 8000-byte limit (`socket_io_attachments`) comes with the migrations.
 */
export function createPostgresFanout(url: string, log: TFanoutLog) {
  // Its own small pool: one connection stays LISTENing, one sends and cleans up.
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: FANOUT_CONNECTION });
  // A dropped connection is reconnected by the adapter; it must not crash the process, also
  // when it is the LISTENing one, which the pool has handed out and no longer watches.
  const lost = (error: Error) => log.warn({ err: error }, 'realtime fan-out connection lost');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const notifications = batchingNotifications(pool.query.bind(pool));
  return {
    adapter: createAdapter(returningLostConnections(pool, notifications.query), {
      errorHandler: (error) => log.warn({ err: error }, 'realtime fan-out failed'),
    }),
    /** After Socket.IO has closed (which releases the LISTENing connection). */
    async close() {
      await notifications.sent();
      await pool.end();
    },
  };
}
