import { useSyncExternalStore } from 'react';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { authKeys } from '../auth/auth-queries';

let savedAt: number | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * Whether the app shows queries saved from an earlier visit because the server could not be
 * reached: from their restore until the session check answers again.
 */
export const showingSavedData = {
  start(client: QueryClient, at: number) {
    savedAt = at;
    notify();
    const stop = client.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        event.query.queryHash === hashKey(authKeys.me())
      ) {
        savedAt = null;
        notify();
        stop();
      }
    });
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the shown saved data was loaded (ms), or null while the data is live. */
export function useSavedDataTime(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => savedAt,
    () => null,
  );
}
