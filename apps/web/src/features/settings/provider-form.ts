import { z } from 'zod';
import { zName, ZProvider, type TProviderCredential } from '@flowsmith/shared';
import type {
  TProviderCredentialCreate,
  TProviderCredentialUpdate,
} from '../../lib/queries/settings';

/**
 * The provider key form. Its values are what the inputs hold (an empty base URL is ''), and the
 * helpers below turn them into the API's bodies. An edit never shows the saved key: a blank key
 * field keeps it, anything typed replaces it.
 */

export const PROVIDER_FIELDS = ['provider', 'name', 'apiKey', 'baseUrl', 'models'] as const;

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export function providerFormSchema(editing: boolean) {
  return z
    .object({
      provider: ZProvider,
      name: zName('Name', 100),
      apiKey: z.string().max(2000, 'API key must be at most 2000 characters'),
      baseUrl: z.string().trim().max(2000, 'Base URL must be at most 2000 characters'),
      models: z.array(z.string().trim().min(1).max(200)).max(500, 'At most 500 models'),
    })
    .superRefine((values, ctx) => {
      if (!editing && values.apiKey.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['apiKey'], message: 'API key is required' });
      }
      if (values.provider === 'openai_compatible' && values.baseUrl === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['baseUrl'],
          message: 'An OpenAI-compatible server needs its base URL',
        });
      } else if (values.baseUrl !== '' && !isHttpUrl(values.baseUrl)) {
        ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'Must be an http(s) URL' });
      }
    });
}
export type TProviderFormValues = z.infer<ReturnType<typeof providerFormSchema>>;

export function providerFormDefaults(credential: TProviderCredential | null): TProviderFormValues {
  return {
    provider: credential?.provider ?? 'openai',
    name: credential?.name ?? '',
    apiKey: '',
    baseUrl: credential?.baseUrl ?? '',
    models: credential?.models ?? [],
  };
}

const uniqueModels = (models: readonly string[]) => [
  ...new Set(models.map((model) => model.trim()).filter(Boolean)),
];

export function toCreateBody(values: TProviderFormValues): TProviderCredentialCreate {
  return {
    provider: values.provider,
    name: values.name.trim(),
    apiKey: values.apiKey.trim(),
    baseUrl: values.baseUrl.trim() || null,
    models: uniqueModels(values.models),
  };
}

/** Only what changed goes to the server, and the key only when a new one was typed. */
export function toUpdateBody(
  values: TProviderFormValues,
  saved: TProviderCredential,
): TProviderCredentialUpdate {
  const next = toCreateBody(values);
  const body: TProviderCredentialUpdate = {};
  if (next.name !== saved.name) body.name = next.name;
  if (next.apiKey) body.apiKey = next.apiKey;
  if (next.baseUrl !== saved.baseUrl) body.baseUrl = next.baseUrl;
  if (next.models.join('\n') !== saved.models.join('\n')) body.models = next.models;
  return body;
}
