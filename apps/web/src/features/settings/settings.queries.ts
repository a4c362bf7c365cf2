import { queryOptions } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@flowsmith/shared';
import { apiKeysApi, modelPricesApi, providerCredentialsApi } from './settings-api';

/** Query keys of the settings area; one factory so invalidation never misses a spelling. */
export const settingsKeys = {
  providers: ['provider-credentials'] as const,
  apiKeys: ['api-keys'] as const,
  modelPrices: ['model-prices'] as const,
  /** The model picker's list: it changes when a provider key is added, edited or removed. */
  models: ['models'] as const,
};

// Each list is a person's own handful of rows (or the admin's price table): one page of the
// API's maximum holds them all, so these screens do not page.
export const providersQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.providers,
    queryFn: ({ signal }) =>
      providerCredentialsApi.list({ pageSize: MAX_PAGE_SIZE, sort: 'name' }, { signal }),
  });

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.apiKeys,
    queryFn: ({ signal }) =>
      apiKeysApi.list({ pageSize: MAX_PAGE_SIZE, sort: '-createdAt' }, { signal }),
  });

export const modelPricesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.modelPrices,
    queryFn: ({ signal }) =>
      modelPricesApi.list({ pageSize: MAX_PAGE_SIZE, sort: 'model' }, { signal }),
  });
