import type { Namespace, ServerOptions } from 'socket.io';
import type pg from 'pg';
import { ZChannel } from '@flowsmith/shared';
import { coalescing } from './coalescing';

/** The name its connections carry in `pg_stat_activity`. */
export const FANOUT_CONNECTION = 'flowsmith-realtime';

type TFanoutLog = { warn(context: object, message: string): void };

/** How often a server repeats the channels its clients joined, and after how long without it another forgets them. */
const ROOMS_EVERY_MS = 5_000;
const ROOMS_FORGOTTEN_MS = 3 * ROOMS_EVERY_MS;
const ROOMS_EVENT = 'flowsmith:rooms';
/** The adapter's heartbeat: a server quiet that long says it is there, and one not heard for twice as long is gone. */
export const FANOUT_HEARTBEAT_MS = 5_000;

/**
 * What a server tells the others about the channels its clients joined: all of them (`all`),
 * or those joined and left since. `hello` asks every other server for all of theirs.
 */
type TRoomsMessage = {
  uid: string;
  all?: string[];
  joined?: string[];
  left?: string[];
  hello?: boolean;
};

/**
 * The adapter LISTENs on a connection it takes with `connect()` and, when that connection is
 * lost, takes a new one without giving the dead one back, so the pool would wait for it forever
 * on `end()`. Here a lost connection that was not given back is given back, as broken.
 * `connecting` is told each time the adapter (re)connects to LISTEN. The adapter's close gives
 * back only a connection it holds already: one it is still taking (a reconnection under way)
 * would be kept past `end()`. So `givingBack()` gives back every connection it still holds, and
 * from then on `connect()` answers never, which also ends its reconnection attempts.
 */
function returningLostConnections(pool: pg.Pool, query: TQuery, connecting: () => void) {
  const held = new Set<pg.PoolClient>();
  let closing = false;
  const never = new Promise<never>(() => undefined);
  const connect = async () => {
    if (closing) return never;
    connecting();
    const client = await pool.connect();
    const release = client.release.bind(client);
    let released = false;
    client.release = (error) => {
      if (released) return;
      released = true;
      held.delete(client);
      release(error);
    };
    client.once('end', () => client.release(new Error('connection lost')));
    if (closing) {
      client.release();
      return never;
    }
    held.add(client);
    return client;
  };
  // The adapter uses nothing else of the pool.
  const used: Pick<pg.Pool, 'query' | 'connect'> = {
    query: query as pg.Pool['query'],
    connect,
  };
  return {
    pool: used as pg.Pool,
    givingBack() {
      closing = true;
      for (const client of held) client.release();
    },
  };
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
 * The adapter sends each publication as a statement of its own, and every one is a transaction
 * (a NOTIFY takes a transaction id and a commit record, though no wait for the disk): a process
 * publishing faster than that queues them without bound. Here one statement is under way at a
 * time, and the notifications that come meanwhile go out together in the next one, in order,
 * committed once. PostgreSQL delivers only one of identical notifications sent in one
 * transaction, so a payload repeated in a batch goes in the next one.
 */
function batchingNotifications(query: TQuery) {
  const notifications = coalescing<TNotification>(
    async (batch) => {
      try {
        await query(
          'SELECT pg_notify(n.channel, n.payload) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS n(channel, payload, i) ORDER BY n.i',
          [batch.map((n) => n.channel), batch.map((n) => n.payload)],
        );
        for (const n of batch) n.done();
      } catch (error) {
        for (const n of batch) n.done(error);
      }
    },
    (waiting) => {
      const seen = new Set<string>();
      let count = 0;
      for (const next of waiting) {
        const key = `${next.channel}\n${next.payload}`;
        if (count === MAX_BATCH || seen.has(key)) break;
        seen.add(key);
        count++;
      }
      return count;
    },
  );

  const batched: TQuery = (text, values) => {
    if (text !== NOTIFY || !values) return query(text, values);
    return new Promise<void>((resolve, reject) => {
      notifications.add({
        channel: String(values[0]),
        payload: String(values[1]),
        done: (error) => (error === undefined ? resolve() : reject(error as Error)),
      });
    });
  };
  return { query: batched, sent: notifications.sent };
}

type TAdapter = Namespace['adapter'];
type TBroadcastOptions = Parameters<TAdapter['broadcast']>[1];
/** The adapter's own parts used here (`uid` and `removeNode` are not in its public types). */
type TClusterAdapter = TAdapter & {
  uid: string;
  /** The other servers heard from lately, by their uid. */
  nodesMap?: Map<string, number>;
  removeNode?(uid: string): void;
  /** Whether a client here or on another server may read the room (see `sendingOnlyWhereRead`). */
  isRead?(room: string): boolean;
};

// Only run channels are tracked: they carry most publications, and a run's follower fetches the
// stored events it missed. Presence (`join`, `leave`, cursors) is never stored, so the other
// channels and a connection's own rooms (its id, `~user:`, `~session:`) always go out.
const isTracked = (room: string) => room.startsWith('run:') && ZChannel.safeParse(room).success;

/**
 * Sends a broadcast to a run channel to the other servers only when one of them has a client
 * there: each server tells the others which run channels its clients joined (at once when that
 * changes, all of them every few seconds). A run's publication nobody elsewhere reads then costs
 * no NOTIFY. A subscriber learnt of late misses at most the publications of that moment, which
 * the run's follower catches up from the stored events.
 *
 * A server alone on the database (no other server or worker heard from) sends no broadcast at
 * all. Every server says it is there at least once a heartbeat, and first as it starts, before it
 * serves any client; so alone means having heard no one while listening for two heartbeats
 * (`aloneAfterMs`) since it last connected to listen.
 */
function sendingOnlyWhereRead(
  nsp: Namespace,
  adapter: TClusterAdapter,
  { aloneAfterMs, listeningFor }: { aloneAfterMs: number; listeningFor: () => number },
) {
  const others = new Map<string, { rooms: Set<string>; seenAt: number }>();
  const alone = () => adapter.nodesMap?.size === 0 && listeningFor() > aloneAfterMs;
  // Through the adapter: while it is being made, the namespace does not have it yet.
  const tell = (message: Omit<TRoomsMessage, 'uid'>) =>
    void adapter.serverSideEmit([ROOMS_EVENT, { uid: adapter.uid, ...message }]);
  const ownChannels = () => [...adapter.rooms.keys()].filter(isTracked);
  const tellAll = () => {
    const all = ownChannels();
    if (all.length) tell({ all });
  };

  nsp.on(ROOMS_EVENT, (message: TRoomsMessage) => {
    if (message.hello) tellAll();
    let node = others.get(message.uid);
    if (!node || message.all) {
      node = { rooms: new Set(message.all), seenAt: Date.now() };
      others.set(message.uid, node);
    }
    node.seenAt = Date.now();
    for (const room of message.joined ?? []) node.rooms.add(room);
    for (const room of message.left ?? []) node.rooms.delete(room);
  });
  adapter.on('create-room', (room: string) => {
    if (isTracked(room)) tell({ joined: [room] });
  });
  adapter.on('delete-room', (room: string) => {
    if (isTracked(room)) tell({ left: [room] });
  });
  const refresh = setInterval(() => {
    const now = Date.now();
    for (const [uid, node] of others)
      if (now - node.seenAt > ROOMS_FORGOTTEN_MS) others.delete(uid);
    tellAll();
  }, ROOMS_EVERY_MS);
  refresh.unref();
  tell({ hello: true });

  const roomReadElsewhere = (room: string) => {
    if (alone()) return false;
    if (!isTracked(room)) return true;
    for (const node of others.values()) if (node.rooms.has(room)) return true;
    return false;
  };
  const readElsewhere = (rooms: Set<string>) => {
    if (alone()) return false;
    if (rooms.size === 0) return true;
    for (const room of rooms) if (roomReadElsewhere(room)) return true;
    return false;
  };
  adapter.isRead = (room) => adapter.rooms.has(room) || roomReadElsewhere(room);
  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet: unknown, opts: TBroadcastOptions) =>
    broadcast(
      packet,
      opts.flags?.local || readElsewhere(opts.rooms)
        ? opts
        : { ...opts, flags: { ...opts.flags, local: true } },
    );
  const removeNode = adapter.removeNode?.bind(adapter);
  adapter.removeNode = (uid: string) => {
    others.delete(uid);
    removeNode?.(uid);
  };
  const close = adapter.close.bind(adapter);
  adapter.close = () => {
    clearInterval(refresh);
    return close();
  };
  return adapter;
}

/**
 * Socket.IO's PostgreSQL adapter: each server LISTENs on the database and NOTIFYs the others,
 * so a publication reaches clients connected to any server. Its table for payloads over
 * NOTIFY's 8000-byte limit (`socket_io_attachments`) comes with the migrations.
 */
export async function createPostgresFanout(
  url: string,
  log: TFanoutLog,
  { heartbeatMs = FANOUT_HEARTBEAT_MS }: { heartbeatMs?: number } = {},
) {
  // Loaded only where servers share PostgreSQL: the embedded database never needs them.
  const [{ default: pg }, { createAdapter }] = await Promise.all([
    import('pg'),
    import('@socket.io/postgres-adapter'),
  ]);
  // Its own small pool: one connection stays LISTENing, one sends and cleans up.
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: FANOUT_CONNECTION });
  // A dropped connection is reconnected by the adapter; it must not crash the process, also
  // when it is the LISTENing one, which the pool has handed out and no longer watches.
  const lost = (error: Error) => log.warn({ err: error }, 'realtime fan-out connection lost');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const notifications = batchingNotifications(pool.query.bind(pool));
  let connectedAt = Date.now();
  const connections = returningLostConnections(pool, notifications.query, () => {
    connectedAt = Date.now();
  });
  const heartbeatTimeout = 2 * heartbeatMs;
  const postgresAdapter = createAdapter(connections.pool, {
    errorHandler: (error) => log.warn({ err: error }, 'realtime fan-out failed'),
    heartbeatInterval: heartbeatMs,
    heartbeatTimeout,
  });
  // Socket.IO calls it with `new`: a function that answers an object, not an arrow function.
  function adapter(nsp: Namespace) {
    const made = postgresAdapter(nsp) as unknown as TClusterAdapter;
    return sendingOnlyWhereRead(nsp, made, {
      aloneAfterMs: heartbeatTimeout,
      listeningFor: () => Date.now() - connectedAt,
    });
  }
  return {
    adapter: adapter as unknown as ServerOptions['adapter'],
    /** After Socket.IO has closed (which releases the LISTENing connection). */
    async close() {
      await notifications.sent();
      connections.givingBack();
      await pool.end();
    },
  };
}
