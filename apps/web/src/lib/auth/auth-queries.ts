import { queryOptions, useQuery } from '@tanstack/react-query';
import { isClientError } from '../api';
import { authApi } from './auth-api';

/** Query keys of the auth area; one factory so invalidation never misses a spelling. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  verifyEmail: (token: string) => [...authKeys.all, 'verify-email', token] as const,
  confirmEmail: (token: string) => [...authKeys.all, 'confirm-email', token] as const,
};

export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => authApi.me(signal),
    staleTime: 60_000,
    // A 4xx will not change on retry; a flaky network might (the global default is retry: 1).
    retry: (failures, error) => !isClientError(error) && failures < 1,
  });

/** The signed-in user (null for a visitor). Under the default layout it is always loaded. */
export function useCurrentUser() {
  return useQuery(meQueryOptions()).data ?? null;
}
