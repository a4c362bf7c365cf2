import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type ServerOptions } from 'socket.io';
import {
  ZChannel,
  type TClientToServerEvents,
  type TPublication,
  type TServerToClientEvents,
  type TUser,
  type TWsInfo,
} from '@flowsmith/shared';
import { createChannelCounters } from '../lib/channel-counters';
import { createPostgresFanout } from '../lib/realtime-fanout';
import { createWsTokenSigner, type TWsTokenSigner } from '../lib/ws-token';
import {
  enterChannel,
  handlePresence,
  leaveChannel,
  presenceEvent,
  PRESENCE_PING,
  type TSocketData,
} from './realtime-presence';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: TRealtime;
  }
}

/**
 * Decides whether a user may read a channel of one kind (`user`, `project`, `run`). An object
 * allows and is the subscription's channel info, which join and leave events carry.
 */
type TChannelAccessResult = boolean | Record<string, unknown>;
export type TChannelAccess = (
  user: TUser,
  id: string,
) => Promise<TChannelAccessResult> | TChannelAccessResult;
/** The offset of a channel's last publication when the channel numbers them itself. */
export type TChannelOffset = (id: string) => Promise<number>;

export type TRealtime = {
  io: Server<TClientToServerEvents, TServerToClientEvents, Record<string, never>, TSocketData>;
  registerChannel(kind: string, access: TChannelAccess, offsetOf?: TChannelOffset): void;
  /** Publishes with the next offset this process counts for the channel. */
  publish(channel: string, data: unknown, tags?: Record<string, string>): void;
  /**
   * Sends a publication its channel numbered itself (stored canvas changes) to this server's
   * clients; every server does so for its own.
   */
  emit(publication: TPublication): void;
  /** What a signed-in user's client connects with: a short-lived token and the address. */
  ticket(userId: string, sessionId?: string): Promise<TWsInfo>;
  /** Disconnects the connections made from these sign-in sessions (signed out, revoked). */
  endSessions(sessionIds: string[]): Promise<void>;
  /**
   * Disconnects a user's connections whose session has ended (password changed or reset,
   * account deleted: every one of a deleted account's).
   */
  dropEndedSessions(userId: string): Promise<void>;
  /**
   * Checks the channels of these users' connections again (membership changed, project
   * deleted) and takes them out of those they may no longer read.
   */
  recheck(userIds: string[]): Promise<void>;
  close(): Promise<void>;
};

type TRealtimeOptions = {
  httpServer: HttpServer;
  wsTokens: TWsTokenSigner;
  findUser: (id: string) => Promise<TUser | undefined>;
  isSessionActive: (sessionId: string) => Promise<boolean>;
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
  isSessionActive,
  log,
  publicUrl,
  adapter,
}: TRealtimeOptions): TRealtime {
  const io: TRealtime['io'] = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    ...PRESENCE_PING,
    ...(adapter ? { adapter } : {}),
  });
  const access = new Map<string, TChannelAccess>();
  const channelOffsets = new Map<string, TChannelOffset>();
  const offsets = createChannelCounters();
  // Rooms of the server's own, outside the channel names clients may subscribe to.
  const sessionRoom = (id: string) => `~session:${id}`;
  const userRoom = (id: string) => `~user:${id}`;

  const mayRead = async (user: TUser, channel: string) => {
    const [kind, id] = channel.split(':') as [string, string];
    const check = access.get(kind);
    return check ? await Promise.resolve(check(user, id)).catch(() => false) : false;
  };

  access.set('user', (user, id) => user.id === id);

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    const subject = typeof token === 'string' ? await wsTokens.verify(token) : undefined;
    const user = subject ? await findUser(subject.userId) : undefined;
    // A token outlives neither a sign-out nor a revoked session.
    const sessionId = subject?.sessionId;
    if (!user || (sessionId && !(await isSessionActive(sessionId)))) {
      return next(new Error('unauthorized'));
    }
    socket.data.user = user;
    socket.data.connectedAt = new Date().toISOString();
    socket.data.channels = {};
    socket.data.sessionId = sessionId;
    void socket.join([userRoom(user.id), ...(sessionId ? [sessionRoom(sessionId)] : [])]);
    next();
  });

  io.on('connection', (socket) => {
    log.debug({ client: socket.id, user: socket.data.user.id }, 'realtime client connected');
    handlePresence(io, socket);

    socket.on('ping', (ack) => {
      if (typeof ack === 'function') ack({ ok: true, data: { time: new Date().toISOString() } });
    });

    socket.on('subscribe', async (channel, ack) => {
      if (typeof ack !== 'function') return;
      const parsed = ZChannel.safeParse(channel);
      if (!parsed.success) return ack(forbidden);
      const allowed = await mayRead(socket.data.user, parsed.data);
      if (!allowed) return ack(forbidden);
      const rejoined = socket.rooms.has(parsed.data);
      enterChannel(socket, parsed.data, allowed === true ? {} : allowed);
      await socket.join(parsed.data);
      if (!rejoined) socket.to(parsed.data).emit('join', presenceEvent(socket, parsed.data));
      const [kind, id] = parsed.data.split(':') as [string, string];
      const stored = channelOffsets.get(kind);
      const offset = stored ? await stored(id).catch(() => 0) : offsets.current(parsed.data);
      ack({ ok: true, data: { offset } });
    });

    socket.on('unsubscribe', async (channel, ack) => {
      // Only channels: a connection's own room is not one to leave.
      if (ZChannel.safeParse(channel).success && socket.rooms.has(channel)) {
        await socket.leave(channel);
        socket.to(channel).emit('leave', presenceEvent(socket, channel));
        leaveChannel(socket, channel);
      }
      if (typeof ack === 'function') ack({ ok: true, data: undefined });
    });

    socket.on('disconnecting', () => {
      for (const room of socket.rooms) {
        if (room !== socket.id && !room.startsWith('~')) {
          socket.to(room).emit('leave', presenceEvent(socket, room));
        }
      }
    });
  });

  return {
    io,
    registerChannel(kind, check, offsetOf) {
      access.set(kind, check);
      if (offsetOf) channelOffsets.set(kind, offsetOf);
    },
    publish(channel, data, tags) {
      const offset = offsets.next(channel);
      // A channel no client has joined has no one to send it to, and Socket.IO would serialise
      // it all the same. Other servers' clients only the adapter knows, if it tells.
      const cluster: typeof io.sockets.adapter & { isRead?(room: string): boolean } =
        io.sockets.adapter;
      const read = adapter ? (cluster.isRead?.(channel) ?? true) : cluster.rooms.has(channel);
      if (!read) return;
      io.to(channel).emit('publication', { channel, data, offset, ...(tags ? { tags } : {}) });
    },
    emit(publication) {
      // Local only: each server reads stored publications and sends them to its own clients.
      io.local.to(publication.channel).emit('publication', publication);
    },
    ticket: async (userId, sessionId) => ({
      token: await wsTokens.sign({ userId, sessionId }),
      url: publicUrl,
    }),
    async endSessions(sessionIds) {
      if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    async dropEndedSessions(userId) {
      const exists = (await findUser(userId)) !== undefined;
      for (const socket of await io.in(userRoom(userId)).fetchSockets()) {
        const sessionId = socket.data.sessionId;
        if (!exists || (sessionId && !(await isSessionActive(sessionId)))) socket.disconnect(true);
      }
    },
    async recheck(userIds) {
      if (!userIds.length) return;
      const sockets = await io.in(userIds.map(userRoom)).fetchSockets();
      for (const socket of sockets) {
        for (const room of socket.rooms) {
          if (room === socket.id || room.startsWith('~')) continue;
          if (await mayRead(socket.data.user, room)) continue;
          const left = presenceEvent(socket, room);
          socket.leave(room);
          socket.emit('unsubscribed', { channel: room, reason: 'forbidden' });
          io.to(room).emit('leave', left);
          delete socket.data.channels[room];
        }
      }
    },
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
    const fanout = url ? await createPostgresFanout(url, app.log) : undefined;
    const realtime = createRealtime({
      httpServer: app.server,
      wsTokens: createWsTokenSigner(secretKey),
      findUser: app.auth.userById,
      isSessionActive: app.auth.isSessionActive,
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
