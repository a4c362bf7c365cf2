import { z } from 'zod';
import { requiredText, ZId, ZTimestamp, withStamps, zListQuery, zName } from './common';

export const ZApiKey = withStamps({
  userId: ZId,
  name: z.string(),
  prefix: z.string(),
  expiresAt: ZTimestamp.nullable(),
  lastUsedAt: ZTimestamp.nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
/** Only the answer to a create carries the key itself. */
export const ZApiKeyCreated = ZApiKey.extend({ key: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;
export const ZApiKeyCreate = z.object({
  name: zName('Name', 100),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'Must be an ISO date-time' })
    .nullable()
    .default(null),
});
export const ZApiKeyUpdate = z.object({ name: zName('Name', 100).optional() });
export const ZApiKeyListQuery = zListQuery(['name', 'createdAt', 'lastUsedAt'], {});

/** The generic resource `api_keys`: its row, the bodies it takes and its list query. */
export const apiKeySchemas = {
  row: ZApiKey,
  create: ZApiKeyCreate,
  update: ZApiKeyUpdate,
  listQuery: ZApiKeyListQuery,
  created: ZApiKeyCreated,
};

export const providers = ['openai', 'anthropic', 'openai_compatible'] as const;
export const ZProvider = z.enum(providers, {
  error: `Provider must be one of ${providers.join(', ')}`,
});
export type TProvider = z.infer<typeof ZProvider>;

export const ZProviderCredential = withStamps({
  userId: ZId,
  provider: ZProvider,
  name: z.string(),
  baseUrl: z.string().nullable(),
  /** The last characters of the key, to tell keys apart; the key itself never leaves the server. */
  keyHint: z.string(),
  models: z.array(z.string()),
});
export type TProviderCredential = z.infer<typeof ZProviderCredential>;
const ZBaseUrl = z
  .url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })
  .max(2000)
  .nullable();
const ZModels = z.array(z.string().trim().min(1).max(200)).max(500);
export const ZProviderCredentialCreate = z
  .object({
    provider: ZProvider,
    name: zName('Name', 100),
    apiKey: z.string(requiredText('API key')).min(1, 'API key is required').max(2000),
    baseUrl: ZBaseUrl.default(null),
    models: ZModels.default([]),
  })
  .superRefine((body, ctx) => {
    if (body.provider === 'openai_compatible' && !body.baseUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['baseUrl'],
        message: 'An OpenAI-compatible server needs its base URL',
      });
    }
  });
export const ZProviderCredentialUpdate = z.object({
  name: zName('Name', 100).optional(),
  apiKey: z.string().min(1).max(2000).optional(),
  baseUrl: ZBaseUrl.optional(),
  models: ZModels.optional(),
});
export const ZProviderCredentialListQuery = zListQuery(['name', 'createdAt'], {
  provider: ZProvider.optional(),
});

/** `POST /api/provider_credentials/:id/test`: whether a saved key reaches its provider. */
export const ZCredentialTestResult = z.object({
  ok: z.boolean(),
  model: z.string().optional(),
  error: z.string().optional(),
});

/** The generic resource `provider_credentials`: its row, the bodies it takes and its list query. */
export const providerCredentialSchemas = {
  row: ZProviderCredential,
  create: ZProviderCredentialCreate,
  update: ZProviderCredentialUpdate,
  listQuery: ZProviderCredentialListQuery,
};
