import { io, type Socket } from 'socket.io-client';
import type { TClientToServerEvents, TServerToClientEvents, TWsInfo } from '@flowsmith/shared';
import { setWsInfo } from '../cookies/auth-cookies';

export type TRealtimeSocket = Socket<TServerToClientEvents, TClientToServerEvents>;

export type TFetchWsInfo = () => Promise<TWsInfo>;

let socket: TRealtimeSocket | null = null;
const socketListeners = new Set<() => void>();

function setSocket(next: TRealtimeSocket | null): void {
  socket = next;
  for (const listener of socketListeners) listener();
}

/**
 * Calls `listener` whenever the connection is opened or closed. The connection opens after the
 * ws token arrives, usually after pages have mounted, so subscribers must learn of it late.
 */
export function onRealtimeSocketChange(listener: () => void): () => void {
  socketListeners.add(listener);
  return () => {
    socketListeners.delete(listener);
  };
}

function connectionUrl(info: TWsInfo): string {
  return import.meta.env.VITE_WS_URL || info.url || window.location.origin;
}

/**
 * Opens the realtime connection with the ws token (spec §8). When the server refuses the token
 * (expired between page load and connect) a fresh one is fetched once and the connection
 * retried; a second refusal is left alone rather than looping against the server.
 */
export function connectRealtime(info: TWsInfo, refreshWsInfo: TFetchWsInfo): TRealtimeSocket {
  disconnectRealtime();
  setWsInfo(info);
  const url = connectionUrl(info);
  const next: TRealtimeSocket = io(url, { auth: { token: info.token } });
  let refreshed = false;

  next.on('connect', () => {
    console.info('[realtime] connected', { id: next.id, url });
  });
  next.on('disconnect', (reason, details) => {
    console.info('[realtime] disconnected', { reason, details });
  });
  next.on('connect_error', (error) => {
    console.info('[realtime] connect error', { message: error.message });
    if (error.message !== 'unauthorized' || refreshed) return;
    refreshed = true;
    refreshWsInfo()
      .then((fresh) => {
        if (socket !== next) return; // signed out or replaced meanwhile
        setWsInfo(fresh);
        next.auth = { token: fresh.token };
        next.connect();
      })
      .catch((fetchError: unknown) => {
        console.info('[realtime] could not refresh the ws token', { error: fetchError });
      });
  });

  setSocket(next);
  return next;
}

export function disconnectRealtime(): void {
  if (!socket) return;
  const current = socket;
  setSocket(null);
  current.disconnect();
}

export function getRealtimeSocket(): TRealtimeSocket | null {
  return socket;
}
