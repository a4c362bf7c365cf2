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
function returningLostConnections(pool: pg.Pool): pg.Pool {
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
  const used: Pick<pg.Pool, 'query' | 'connect'> = { query: pool.query.bind(pool), connect };
  return used as pg.Pool;
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
  return {
    adapter: createAdapter(returningLostConnections(pool), {
      errorHandler: (error) => log.warn({ err: error }, 'realtime fan-out failed'),
    }),
    /** After Socket.IO has closed (which releases the LISTENing connection). */
    close: () => pool.end(),
  };
}
