import type {
  TApiKey,
  TApiKeyCreated,
  TModelPrice,
  TProvider,
  TProviderCredential,
} from '@flowsmith/shared';
import { apiRequest, createResourceApi } from '../../lib/api';

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

export type TCredentialTestResult = { ok: true; model: string } | { ok: false; error: string };

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
