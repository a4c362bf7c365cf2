import { useEffect } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { useRevalidator } from 'react-router';

// While the browser says it is online but the server does not answer (a restart, a proxy).
const RETRY_INTERVAL_MS = 5_000;

/**
 * Runs the routes' loaders again when the network comes back, and every few seconds while the
 * browser is online, until the page loads: an error page for a lost connection clears itself.
 */
export function useRecoverWhenOnline(enabled: boolean): () => void {
  const { revalidate, state } = useRevalidator();
  const busy = state !== 'idle';
  useEffect(() => {
    if (!enabled || busy) return;
    const unsubscribe = onlineManager.subscribe((online) => {
      if (online) void revalidate();
    });
    const timer = setInterval(() => {
      if (onlineManager.isOnline()) void revalidate();
    }, RETRY_INTERVAL_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [enabled, busy, revalidate]);
  return () => void revalidate();
}
