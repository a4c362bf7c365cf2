import { io as connect, type Socket } from 'socket.io-client';
import type { TClientToServerEvents, TServerToClientEvents } from '@flowsmith/shared';

export type TRealtimeClient = Socket<TServerToClientEvents, TClientToServerEvents>;

/**
 * A realtime client of the tests, over WebSocket without reconnecting; resolves once connected
 * (rejects with the server's refusal). `opened` collects it for closing after the test.
 */
export async function openRealtimeClient(
  url: string,
  token: unknown,
  opened: TRealtimeClient[] = [],
): Promise<TRealtimeClient> {
  const client: TRealtimeClient = connect(url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  opened.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
}
