import { useCallback } from 'react';
import { hashKey } from '@tanstack/react-query';
import { authApi, authKeys, markSignedOutByUser } from '../../lib/auth';
import { clearWsInfo } from '../../lib/cookies/auth-cookies';
import { disconnectRealtime } from '../../lib/realtime';
import { queryClient } from '../query-client';

/**
 * Signs out: the server revokes the session and clears the HttpOnly `token`; the client clears
 * its ws cookies, closes realtime and forgets every cached query of the previous user. Setting
 * the user to null makes the default layout send the visitor to /login.
 */
export function useSignOut(): () => Promise<void> {
  return useCallback(async () => {
    try {
      await authApi.logout();
    } catch (error) {
      // Still sign out locally: a dead server must not trap the user in the app.
      console.info('[auth] logout request failed', { error });
    }
    disconnectRealtime();
    clearWsInfo();
    markSignedOutByUser(true);
    // Setting (not removing) the me query keeps the layout's observer attached, so it sees the
    // null and redirects; every other cached query of the previous user is dropped.
    queryClient.setQueryData(authKeys.me(), null);
    const meHash = hashKey(authKeys.me());
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash });
  }, []);
}
