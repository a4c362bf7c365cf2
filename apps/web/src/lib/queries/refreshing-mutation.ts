import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation that refreshes what it changed: after success every query under the keys that
 * `refreshes` names (from the areas' key factories) is refetched, on every screen that shows it.
 */
export function useRefreshingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refreshes: (data: TData, variables: TVariables) => readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) =>
      Promise.all(
        refreshes(data, variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
