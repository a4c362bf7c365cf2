import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Saves the signed-in user's queries for offline reloads while the app is open. The persister
 * loads on demand, so the sign-in page never downloads it.
 */
export function useSavedQueries(userId: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./saved-queries').then(({ saveQueries }) => {
      if (!cancelled) stop = saveQueries(client, userId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [client, userId]);
}
