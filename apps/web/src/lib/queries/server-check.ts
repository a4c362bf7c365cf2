import { queryOptions } from '@tanstack/react-query';
import type { TCheckResponse } from '@flowsmith/shared';
import { apiRequest } from '../api';

export const serverCheckKeys = { all: ['server-check'] as const };

/** `GET /api/check`: the server's version and where its mail goes. */
export const serverCheckQueryOptions = () =>
  queryOptions({
    queryKey: serverCheckKeys.all,
    queryFn: ({ signal }) => apiRequest<TCheckResponse>('/api/check', { signal }),
    // How the server sends mail changes only with a restart.
    staleTime: 10 * 60_000,
  });
