import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiKeysApi,
  createApiKey,
  modelPricesApi,
  providerCredentialsApi,
  testProviderCredential,
  type TApiKeyCreate,
  type TModelPriceBody,
  type TProviderCredentialCreate,
  type TProviderCredentialUpdate,
} from './settings-api';
import { modelPricesQueryOptions, settingsKeys } from './settings.queries';

/** Provider keys decide which models can be picked, so the model list refreshes with them. */
function useProviderMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.providers });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.models });
    },
  });
}

export const useCreateProvider = () =>
  useProviderMutation((body: TProviderCredentialCreate) => providerCredentialsApi.create(body));

export const useUpdateProvider = () =>
  useProviderMutation(({ id, body }: { id: string; body: TProviderCredentialUpdate }) =>
    providerCredentialsApi.update(id, body),
  );

export const useDeleteProvider = () =>
  useProviderMutation((id: string) => providerCredentialsApi.remove(id));

export const useTestProvider = () => useMutation({ mutationFn: testProviderCredential });

function useListMutation<V, R>(
  queryKey: readonly string[],
  mutationFn: (variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}

export const useCreateApiKey = () =>
  useListMutation(settingsKeys.apiKeys, (body: TApiKeyCreate) => createApiKey(body));

export const useRenameApiKey = () =>
  useListMutation(settingsKeys.apiKeys, ({ id, name }: { id: string; name: string }) =>
    apiKeysApi.update(id, { name }),
  );

export const useRevokeApiKey = () =>
  useListMutation(settingsKeys.apiKeys, (id: string) => apiKeysApi.remove(id));

export const useCreateModelPrice = () =>
  useListMutation(settingsKeys.modelPrices, (body: TModelPriceBody) => modelPricesApi.create(body));

/** Inline edits show at once; a refused one is put back by reloading the table. */
export function useUpdateModelPrice() {
  const queryClient = useQueryClient();
  const queryKey = modelPricesQueryOptions().queryKey;
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<TModelPriceBody> }) =>
      modelPricesApi.update(id, body),
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (page) =>
        page
          ? { ...page, items: page.items.map((row) => (row.id === id ? { ...row, ...body } : row)) }
          : page,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

export const useDeleteModelPrice = () =>
  useListMutation(settingsKeys.modelPrices, (id: string) => modelPricesApi.remove(id));
