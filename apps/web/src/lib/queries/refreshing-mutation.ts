import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TResourceApi } from '../api/resource-api';

type TKeysOf<TData, TVariables> = (data: TData, variables: TVariables) => readonly QueryKey[];

/**
 * A mutation that refreshes what it changed: after success every query under the keys that
 * `refreshes` names (from the areas' key factories) is refetched, on every screen that shows it.
 * A delete also names in `forgets` the queries of what is gone, dropped rather than refetched.
 */
export function useRefreshingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refreshes: TKeysOf<TData, TVariables>,
  forgets?: TKeysOf<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) => {
      for (const queryKey of forgets?.(data, variables) ?? []) {
        queryClient.removeQueries({ queryKey });
      }
      return Promise.all(
        refreshes(data, variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}

/**
 * The create, update and delete hooks of one resource, each refreshing the same keys once it
 * succeeds (e.g. a list, and what depends on it).
 */
export function resourceMutations<T, TCreate, TUpdate>(
  api: TResourceApi<T, TCreate, TUpdate>,
  refreshes: () => readonly QueryKey[],
) {
  return {
    useCreate: () => useRefreshingMutation((body: TCreate) => api.create(body), refreshes),
    useUpdate: () =>
      useRefreshingMutation(
        ({ id, body }: { id: string; body: TUpdate }) => api.update(id, body),
        refreshes,
      ),
    useRemove: () => useRefreshingMutation((id: string) => api.remove(id), refreshes),
  };
}
