import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import {
  ZChannel,
  type TClientToServerEvents,
  type TPresenceEvent,
  type TServerToClientEvents,
  type TUser,
  type TWsInfo,
} from '@flowsmith/shared';
import { createPostgresFanout } from '../lib/realtime-fanout';
import { createWsTokenSigner, type TWsTokenSigner } from '../lib/ws-token';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: TRealtime;
  }
}

type TSocketData = { user: TUser };
type TSocket = Socket<
  TClientToServerEvents,
  TServerToClientEvents,
  Record<string, never>,
  TSocketData
>;

/** Decides whether a user may read a channel of one kind (`user`, `project`, `run`). */
export type TChannelAccess = (user: TUser, id: string) => Promise<boolean> | boolean;

export type TRealtime = {
  io: Server<TClientToServerEvents, TServerToClientEvents, Record<string, never>, TSocketData>;
  registerChannel(kind: string, access: TChannelAccess): void;
  publish(channel: string, data: unknown, tags?: Record<string, string>): void;
  /** What a signed-in user's client connects with: a short-lived token and the address. */
  ticket(userId: string): Promise<TWsInfo>;
  close(): Promise<void>;
};

type TRealtimeOptions = {
  httpServer: HttpServer;
  wsTokens: TWsTokenSigner;
  findUser: (id: string) => Promise<TUser | undefined>;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** How publications reach the other servers' clients; in-process when left out. */
  adapter?: ServerOptions['adapter'];
};

const forbidden = {
  ok: false as const,
  error: { code: 'forbidden', message: 'You cannot read this channel' },
};

/** Socket.IO on the API's own HTTP server, authenticated with the short-lived wsToken. */
function createRealtime({
  httpServer,
  wsTokens,
  findUser,
  log,
  publicUrl,
  adapter,
}: TRealtimeOptions): TRealtime {
  const io: TRealtime['io'] = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    ...(adapter ? { adapter } : {}),
  });
  const access = new Map<string, TChannelAccess>();
  const offsets = new Map<string, number>();

  access.set('user', (user, id) => user.id === id);

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    const userId = typeof token === 'string' ? await wsTokens.verify(token) : undefined;
    const user = userId ? await findUser(userId) : undefined;
    if (!user) return next(new Error('unauthorized'));
    socket.data.user = user;
    next();
  });

  const presence = (socket: TSocket, channel: string): TPresenceEvent => ({
    channel,
    client: socket.id,
    user: socket.data.user.id,
    connInfo: { name: socket.data.user.name },
    chanInfo: {},
  });

  io.on('connection', (socket) => {
    log.debug({ client: socket.id, user: socket.data.user.id }, 'realtime client connected');

    socket.on('ping', (ack) => {
      if (typeof ack === 'function') ack({ ok: true, data: { time: new Date().toISOString() } });
    });

    socket.on('subscribe', async (channel, ack) => {
      if (typeof ack !== 'function') return;
      const parsed = ZChannel.safeParse(channel);
      if (!parsed.success) return ack(forbidden);
      const [kind, id] = parsed.data.split(':') as [string, string];
      const check = access.get(kind);
      const allowed = check
        ? await Promise.resolve(check(socket.data.user, id)).catch(() => false)
        : false;
      if (!allowed) return ack(forbidden);
      await socket.join(parsed.data);
      socket.to(parsed.data).emit('join', presence(socket, parsed.data));
      ack({ ok: true, data: { offset: offsets.get(parsed.data) ?? 0 } });
    });

    socket.on('unsubscribe', async (channel, ack) => {
      if (typeof channel === 'string' && socket.rooms.has(channel)) {
        await socket.leave(channel);
        socket.to(channel).emit('leave', presence(socket, channel));
      }
      if (typeof ack === 'function') ack({ ok: true, data: undefined });
    });

    socket.on('disconnecting', () => {
      for (const room of socket.rooms) {
        if (room !== socket.id) socket.to(room).emit('leave', presence(socket, room));
      }
    });
  });

  return {
    io,
    registerChannel: (kind, check) => access.set(kind, check),
    publish(channel, data, tags) {
      const offset = (offsets.get(channel) ?? 0) + 1;
      offsets.set(channel, offset);
      io.to(channel).emit('publication', { channel, data, offset, ...(tags ? { tags } : {}) });
    },
    ticket: async (userId) => ({ token: await wsTokens.sign(userId), url: publicUrl }),
    close: () => new Promise((resolve) => io.close(() => resolve())),
  };
}

/**
 * `app.realtime`: modules register who may read their channels and publish on them. On
 * PostgreSQL, publications and presence reach the clients of every server sharing the database.
 */
export const realtimePlugin = fp<{ secretKey: string }>(
  async (app, { secretKey }) => {
    const { url } = app.database;
    const fanout = url ? createPostgresFanout(url, app.log) : undefined;
    const realtime = createRealtime({
      httpServer: app.server,
      wsTokens: createWsTokenSigner(secretKey),
      findUser: app.auth.userById,
      log: app.log,
      publicUrl: app.config.publicUrl,
      ...(fanout ? { adapter: fanout.adapter } : {}),
    });
    app.decorate('realtime', realtime);
    app.addHook('onClose', async () => {
      await realtime.close();
      await fanout?.close();
    });
  },
  { name: 'realtime', dependencies: ['auth'] },
);
