import { useCallback } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { clearWsInfo } from '../cookies/auth-cookies';
import { disconnectRealtime } from '../realtime';
import { authKeys } from './auth-queries';
import { markSignedOutByUser } from './sign-out-intent';

/**
 * Forgets the signed-in user on this client, once the server has ended the session (sign-out,
 * a deleted account): closes realtime, clears the ws cookies and every cached query of that
 * user, in memory and saved for offline use. Setting the user to null makes the default layout send the visitor to /login.
 */
export function useForgetSession(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    disconnectRealtime();
    clearWsInfo();
    markSignedOutByUser(true);
    void import('../offline/saved-queries').then(({ forgetSavedQueries }) => forgetSavedQueries());
    // Setting (not removing) the me query keeps the layout's observer attached, so it sees the
    // null and redirects; every other cached query of the previous user is dropped.
    queryClient.setQueryData(authKeys.me(), null);
    const meHash = hashKey(authKeys.me());
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash });
  }, [queryClient]);
}
