import {
  type TApiKey,
  type TApiKeyCreated,
  type TModelPrice,
  type TProvider,
  type TProviderCredential,
} from '@flowsmith/shared';
import { apiRequest, createResourceApi } from '../api';
import { listAllQueryOptions } from './list-all';

export type TProviderCredentialCreate = {
  provider: TProvider;
  name: string;
  apiKey: string;
  baseUrl: string | null;
  models: string[];
};
export type TProviderCredentialUpdate = Partial<Omit<TProviderCredentialCreate, 'provider'>>;

export const providerCredentialsApi = createResourceApi<
  TProviderCredential,
  TProviderCredentialCreate,
  TProviderCredentialUpdate
>('provider_credentials');

type TCredentialTestResult = { ok: true; model: string } | { ok: false; error: string };

/** A one-token request with the saved key; the provider can take a while to answer. */
export const testProviderCredential = (id: string) =>
  apiRequest<TCredentialTestResult>(`/api/provider_credentials/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    timeoutMs: 60_000,
  });

export type TApiKeyCreate = { name: string; expiresAt: string | null };

export const apiKeysApi = createResourceApi<TApiKey, TApiKeyCreate, { name: string }>('api_keys');

/** The answer to a create is the only time the key itself is ever seen. */
export const createApiKey = (body: TApiKeyCreate) =>
  apiRequest<TApiKeyCreated>('/api/api_keys', { method: 'POST', body });

export type TModelPriceBody = Pick<
  TModelPrice,
  'model' | 'inputPerMillion' | 'outputPerMillion' | 'perImage'
>;

export const modelPricesApi = createResourceApi<
  TModelPrice,
  TModelPriceBody,
  Partial<TModelPriceBody>
>('model_prices');

/** Query keys of the settings screens' lists. */
export const settingsKeys = {
  providers: ['provider-credentials'] as const,
  apiKeys: ['api-keys'] as const,
  modelPrices: ['model-prices'] as const,
};

// Each list is a person's own handful of rows, or the admin's price table.
export const providersQueryOptions = () =>
  listAllQueryOptions(settingsKeys.providers, providerCredentialsApi, { sort: 'name' });

export const apiKeysQueryOptions = () =>
  listAllQueryOptions(settingsKeys.apiKeys, apiKeysApi, { sort: '-createdAt' });

export const modelPricesQueryOptions = () =>
  listAllQueryOptions(settingsKeys.modelPrices, modelPricesApi, { sort: 'model' });
