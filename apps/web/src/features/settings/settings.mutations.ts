import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMcpServerCreate, TMcpServerUpdate, TModelPrice, TPage } from '@flowsmith/shared';
import { billingKeys, plansApi, type TPlanBody } from '../../lib/queries/billing';
import { mcpServerKeys, mcpServersApi } from '../../lib/queries/mcp-servers';
import { modelKeys } from '../../lib/queries/models';
import { useRefreshingMutation } from '../../lib/queries/refreshing-mutation';
import {
  apiKeysApi,
  createApiKey,
  modelPricesApi,
  providerCredentialsApi,
  settingsKeys,
  testProviderCredential,
  type TApiKeyCreate,
  type TModelPriceBody,
  type TProviderCredentialCreate,
  type TProviderCredentialUpdate,
} from '../../lib/queries/settings';

/** Provider keys decide which models can be picked, so the model list refreshes with them. */
const refreshesProviders = () => [settingsKeys.providers, modelKeys.all];

export const useCreateProvider = () =>
  useRefreshingMutation(
    (body: TProviderCredentialCreate) => providerCredentialsApi.create(body),
    refreshesProviders,
  );

export const useUpdateProvider = () =>
  useRefreshingMutation(
    ({ id, body }: { id: string; body: TProviderCredentialUpdate }) =>
      providerCredentialsApi.update(id, body),
    refreshesProviders,
  );

export const useDeleteProvider = () =>
  useRefreshingMutation((id: string) => providerCredentialsApi.remove(id), refreshesProviders);

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

export const useCreateModelPrice = () =>
  useRefreshingMutation(
    (body: TModelPriceBody) => modelPricesApi.create(body),
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

export const useDeleteModelPrice = () =>
  useRefreshingMutation(
    (id: string) => modelPricesApi.remove(id),
    () => [settingsKeys.modelPrices],
  );

export const useUpdatePlan = () =>
  useRefreshingMutation(
    ({ id, body }: { id: string; body: Partial<TPlanBody> }) => plansApi.update(id, body),
    () => [billingKeys.all],
  );

export const useDeletePlan = () =>
  useRefreshingMutation(
    (id: string) => plansApi.remove(id),
    () => [billingKeys.all],
  );

/** A server's tools list marks the enabled ones, so it refreshes with the server. */
const refreshesMcpServers = () => [mcpServerKeys.all];

export const useCreateMcpServer = () =>
  useRefreshingMutation(
    (body: TMcpServerCreate) => mcpServersApi.create(body),
    refreshesMcpServers,
  );

export const useUpdateMcpServer = () =>
  useRefreshingMutation(
    ({ id, body }: { id: string; body: TMcpServerUpdate }) => mcpServersApi.update(id, body),
    refreshesMcpServers,
  );

export const useDeleteMcpServer = () =>
  useRefreshingMutation((id: string) => mcpServersApi.remove(id), refreshesMcpServers);
