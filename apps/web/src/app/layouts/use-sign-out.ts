import { useCallback } from 'react';
import { authApi, useForgetSession } from '../../lib/auth';

/** Signs out: the server revokes the session and clears the HttpOnly `token`, then the client
 * forgets the user. */
export function useSignOut(): () => Promise<void> {
  const forgetSession = useForgetSession();
  return useCallback(async () => {
    try {
      await authApi.logout();
    } catch (error) {
      // Still sign out locally: a dead server must not trap the user in the app.
      console.info('[auth] logout request failed', { error });
    }
    forgetSession();
  }, [forgetSession]);
}
