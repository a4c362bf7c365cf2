import { io as connect, type Socket } from 'socket.io-client';
import type { TClientToServerEvents, TServerToClientEvents } from '@flowsmith/shared';

export type TRealtimeTestClient = Socket<TServerToClientEvents, TClientToServerEvents>;

/**
 * A Socket.IO client of the app at `url` with that ws token, over WebSocket and without
 * reconnecting; `track` gets it at once so a test can disconnect it even if connecting fails.
 */
export async function connectedClient(
  url: string,
  token: unknown,
  track: (client: TRealtimeTestClient) => void,
): Promise<TRealtimeTestClient> {
  const client: TRealtimeTestClient = connect(url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  track(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
}
