export {
  connectRealtime,
  disconnectRealtime,
  getRealtimeSocket,
  onRealtimeSocketChange,
  realtimeRequest,
} from './realtime-client';
export type { TRealtimeSocket } from './realtime-client';
export { request, RealtimeRequestError, DEFAULT_REALTIME_TIMEOUT_MS } from './realtime-request';
export { rememberWsInfo } from './fresh-ws-info';
export { useRealtimeConnection } from './use-realtime-connection';
export { useRealtimeChannels } from './use-realtime-channels';
