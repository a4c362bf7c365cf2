// The open connection, kept apart from socket.io-client so that modules every page loads (the
// API client) can read it without pulling the realtime client into the sign-in page.
import type { Socket } from 'socket.io-client';
import type { TClientToServerEvents, TServerToClientEvents } from '@flowsmith/shared';

export type TRealtimeSocket = Socket<TServerToClientEvents, TClientToServerEvents>;

let socket: TRealtimeSocket | null = null;
const socketListeners = new Set<() => void>();

export function setSocket(next: TRealtimeSocket | null): void {
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

export function getRealtimeSocket(): TRealtimeSocket | null {
  return socket;
}
