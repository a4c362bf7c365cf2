import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';
import { authKeys } from '../lib/auth';

/**
 * Spec §7/§9: queries retry once. Mutations never retry (they are not idempotent). A 401 from
 * any query means the session ended: re-checking `me` lets the default layout send the user to
 * sign in instead of showing broken pages.
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (isApiError(error) && error.status === 401 && query.queryKey[1] !== 'me') {
        void queryClient.invalidateQueries({ queryKey: authKeys.me() });
      }
    },
  }),
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: true },
    mutations: { retry: 0 },
  },
});
