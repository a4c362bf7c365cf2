import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';

/** The name its connections carry in `pg_stat_activity`. */
export const FANOUT_CONNECTION = 'flowsmith-realtime';

type TFanoutLog = { warn(context: object, message: string): void };

/**
 * Socket.IO's PostgreSQL adapter: each server LISTENs on the database and NOTIFYs the others,
 * so a publication reaches clients connected to any server. Its table for payloads over
 * NOTIFY's 8000-byte limit (`socket_io_attachments`) comes with the migrations.
 */
export function createPostgresFanout(url: string, log: TFanoutLog) {
  // Its own small pool: one connection stays LISTENing, one sends and cleans up.
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: FANOUT_CONNECTION });
  // A dropped connection is reconnected by the adapter; it must not crash the process.
  pool.on('error', (error) => log.warn({ err: error }, 'realtime fan-out connection lost'));
  return {
    adapter: createAdapter(pool, {
      errorHandler: (error) => log.warn({ err: error }, 'realtime fan-out failed'),
    }),
    /** After Socket.IO has closed (which releases the LISTENing connection). */
    close: () => pool.end(),
  };
}
