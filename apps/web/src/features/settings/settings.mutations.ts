import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TModelPrice, TPage } from '@flowsmith/shared';
import { billingKeys, plansApi } from '../../lib/queries/billing';
import { mcpServerKeys, mcpServersApi } from '../../lib/queries/mcp-servers';
import { modelKeys } from '../../lib/queries/models';
import { resourceMutations, useRefreshingMutation } from '../../lib/queries/refreshing-mutation';
import {
  apiKeysApi,
  createApiKey,
  modelPricesApi,
  providerCredentialsApi,
  settingsKeys,
  testProviderCredential,
  type TApiKeyCreate,
  type TModelPriceBody,
} from '../../lib/queries/settings';

// Provider keys decide which models can be picked, so the model list refreshes with them.
export const {
  useCreate: useCreateProvider,
  useUpdate: useUpdateProvider,
  useRemove: useDeleteProvider,
} = resourceMutations(providerCredentialsApi, () => [settingsKeys.providers, modelKeys.all]);

export const useTestProvider = () => useMutation({ mutationFn: testProviderCredential });

export const useCreateApiKey = () =>
  useRefreshingMutation(
    (body: TApiKeyCreate) => createApiKey(body),
    () => [settingsKeys.apiKeys],
  );

export const useRenameApiKey = () =>
  useRefreshingMutation(
    ({ id, name }: { id: string; name: string }) => apiKeysApi.update(id, { name }),
    () => [settingsKeys.apiKeys],
  );

export const useRevokeApiKey = () =>
  useRefreshingMutation(
    (id: string) => apiKeysApi.remove(id),
    () => [settingsKeys.apiKeys],
  );

// The price table's own inline edits are optimistic: see useUpdateModelPrice.
export const { useCreate: useCreateModelPrice, useRemove: useDeleteModelPrice } = resourceMutations(
  modelPricesApi,
  () => [settingsKeys.modelPrices],
);

/** Inline edits show at once; a refused one is put back by reloading the table. */
export function useUpdateModelPrice() {
  const queryClient = useQueryClient();
  const queryKey = settingsKeys.modelPrices;
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<TModelPriceBody> }) =>
      modelPricesApi.update(id, body),
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<TPage<TModelPrice>>(queryKey, (page) =>
        page
          ? { ...page, items: page.items.map((row) => (row.id === id ? { ...row, ...body } : row)) }
          : page,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

export const { useUpdate: useUpdatePlan, useRemove: useDeletePlan } = resourceMutations(
  plansApi,
  () => [billingKeys.all],
);

// A server's tools list marks the enabled ones, so it refreshes with the server.
export const {
  useCreate: useCreateMcpServer,
  useUpdate: useUpdateMcpServer,
  useRemove: useDeleteMcpServer,
} = resourceMutations(mcpServersApi, () => [mcpServerKeys.all]);
