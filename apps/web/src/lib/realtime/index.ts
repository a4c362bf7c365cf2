export { disconnectRealtime, getRealtimeSocket, onRealtimeSocketChange } from './realtime-client';
export type { TRealtimeSocket } from './realtime-client';
export { request } from './realtime-request';
export { rememberWsInfo } from './fresh-ws-info';
export { useRealtimeConnection } from './use-realtime-connection';
export { useRealtimeChannels } from './use-realtime-channels';
