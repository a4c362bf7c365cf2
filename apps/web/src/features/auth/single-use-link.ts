import { useQuery, type QueryKey } from '@tanstack/react-query';

/**
 * Posts a mailed link's single-use token once, on load. A query (not a mutation in an effect),
 * so the token is sent exactly once even when React mounts twice, and never retried.
 */
export function useSingleUseLink<T>(queryKey: QueryKey, token: string, open: () => Promise<T>) {
  return useQuery({
    queryKey,
    queryFn: open,
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
