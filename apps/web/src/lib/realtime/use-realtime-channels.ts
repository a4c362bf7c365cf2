import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { TPublication } from '@flowsmith/shared';
import { getRealtimeSocket, onRealtimeSocketChange, type TRealtimeSocket } from './realtime-client';
import { request } from './realtime-request';

/**
 * How many mounted hooks want each channel on each connection. The server keeps one
 * subscription per connection and channel, so only the last hook to let go may unsubscribe.
 */
const holders = new WeakMap<TRealtimeSocket, Map<string, number>>();

function hold(socket: TRealtimeSocket, channel: string): boolean {
  const counts = holders.get(socket) ?? new Map<string, number>();
  holders.set(socket, counts);
  const count = counts.get(channel) ?? 0;
  counts.set(channel, count + 1);
  return count === 0;
}

function release(socket: TRealtimeSocket, channel: string): boolean {
  const counts = holders.get(socket);
  const count = counts?.get(channel) ?? 0;
  if (count <= 1) counts?.delete(channel);
  else counts?.set(channel, count - 1);
  return count <= 1;
}

/** Called after each subscription the server accepted, with the channel's current offset. */
export type TOnSubscribed = (channel: string, offset: number) => void;

function subscribe(socket: TRealtimeSocket, channel: string, onSubscribed?: TOnSubscribed): void {
  request<{ offset: number }>(socket, 'subscribe', [channel])
    .then((reply) => onSubscribed?.(channel, reply.offset))
    .catch((error: unknown) => {
      console.info('[realtime] could not subscribe', { channel, error });
    });
}

/**
 * Subscribes to realtime channels while mounted and hands their publications to
 * `onPublication`. Works whenever the connection opens (it usually opens after the page mounts)
 * and subscribes again after a reconnect, since a new connection starts with no subscriptions.
 */
export function useRealtimeChannels(
  channels: readonly string[],
  onPublication: (publication: TPublication) => void,
  onSubscribed?: TOnSubscribed,
): void {
  const socket = useSyncExternalStore(onRealtimeSocketChange, getRealtimeSocket, () => null);
  const handler = useRef(onPublication);
  const subscribed = useRef(onSubscribed);
  useEffect(() => {
    handler.current = onPublication;
    subscribed.current = onSubscribed;
  });
  // A stable key, so a new array with the same channels does not resubscribe.
  const key = [...new Set(channels)].sort().join('\n');

  useEffect(() => {
    if (!socket || !key) return;
    const wanted = key.split('\n');
    const firstHolders = wanted.filter((channel) => hold(socket, channel));
    const notify: TOnSubscribed = (channel, offset) => subscribed.current?.(channel, offset);
    if (socket.connected) for (const channel of firstHolders) subscribe(socket, channel, notify);
    const resubscribe = () => {
      for (const channel of wanted) subscribe(socket, channel, notify);
    };
    const listener = (publication: TPublication) => {
      if (wanted.includes(publication.channel)) handler.current(publication);
    };
    socket.on('connect', resubscribe);
    socket.on('publication', listener);
    return () => {
      socket.off('connect', resubscribe);
      socket.off('publication', listener);
      for (const channel of wanted) {
        if (release(socket, channel) && socket.connected) {
          request(socket, 'unsubscribe', [channel]).catch(() => {
            // Leaving a channel that is already gone (server restart) needs no report.
          });
        }
      }
    };
  }, [socket, key]);
}
