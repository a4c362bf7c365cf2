import { useEffect } from 'react';
import { authApi } from '../auth/auth-api';
import { connectRealtime, disconnectRealtime } from './realtime-client';
import { takeFreshWsInfo } from './fresh-ws-info';

/**
 * Keeps one realtime connection open while a user is signed in. Uses the ws info handed out by
 * the login response when there is one; after a reload it asks the server for a fresh token.
 */
export function useRealtimeConnection(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    const fromLogin = takeFreshWsInfo();
    const infoPromise = fromLogin ? Promise.resolve(fromLogin) : authApi.wsToken();
    infoPromise
      .then((info) => {
        if (!cancelled) connectRealtime(info, authApi.wsToken);
      })
      .catch((error: unknown) => {
        console.info('[realtime] could not get a ws token', { error });
      });
    return () => {
      cancelled = true;
      disconnectRealtime();
    };
  }, [userId]);
}
