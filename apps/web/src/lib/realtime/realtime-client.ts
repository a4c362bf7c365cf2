import { io } from 'socket.io-client';
import type { TWsInfo } from '@flowsmith/shared';
import { setWsInfo } from '../cookies/auth-cookies';
import { getRealtimeSocket, setSocket, type TRealtimeSocket } from './realtime-socket';

export { getRealtimeSocket, onRealtimeSocketChange, type TRealtimeSocket } from './realtime-socket';

export type TFetchWsInfo = () => Promise<TWsInfo>;

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
        if (getRealtimeSocket() !== next) return; // signed out or replaced meanwhile
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
  const current = getRealtimeSocket();
  if (!current) return;
  setSocket(null);
  current.disconnect();
}
