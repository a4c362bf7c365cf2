import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { APICallError, generateText, type ImageModel } from 'ai';
import type { TModelInfo, TProvider } from '@flowsmith/shared';
import type { TConfig } from '../../config/config';
import type { TDb } from '../../db/database';
import { createOutboundFetch, UNREACHABLE } from '../../lib/outbound';
import { pooledFetch } from '../../lib/request-fetch';
import type { TSecretBox } from '../../lib/secret-box';
import { echoLanguageModel } from './echo-language-model';
import { credentialOf, credentialsOf } from './models.repo';

export type TResolvedModel = {
  provider: TProvider | 'builtin';
  model: string;
  /** The built-in echo model: text through its language model, pictures drawn locally. */
  builtin: boolean;
  language(): LanguageModelV3;
  image(): ImageModel;
};

const echoModel: TResolvedModel = {
  provider: 'builtin',
  model: 'echo',
  builtin: true,
  language: () => echoLanguageModel,
  image: () => {
    throw new UnknownModelError('The echo model draws its pictures itself');
  },
};

/** A model the user asked for that this instance cannot reach: a mistake, not worth a retry. */
export class UnknownModelError extends Error {
  readonly isRetryable = false;
  constructor(message: string) {
    super(message);
    this.name = 'UnknownModelError';
  }
}

type TEndpoint = {
  provider: TProvider;
  apiKey: string | undefined;
  baseUrl: string | undefined;
  models: string[];
  /** How a user's own endpoint is called (checked, see outbound.ts); unset: the operator's own. */
  fetch?: typeof fetch;
};

function sdkModel(endpoint: TEndpoint, model: string): TResolvedModel {
  const { provider, apiKey, baseUrl } = endpoint;
  // The operator's own endpoints are called on one keep-alive pool shared by every model.
  const fetchOption = { fetch: endpoint.fetch ?? pooledFetch() };
  const settings = { apiKey, ...(baseUrl ? { baseURL: baseUrl } : {}), ...fetchOption };
  const calls = (
    language: TResolvedModel['language'],
    image: TResolvedModel['image'],
  ): TResolvedModel => ({ provider, model, builtin: false, language, image });
  if (provider === 'anthropic') {
    const anthropic = createAnthropic(settings);
    return calls(
      () => anthropic(model),
      () => {
        throw new UnknownModelError('Anthropic has no image models');
      },
    );
  }
  if (provider === 'openai') {
    const openai = createOpenAI(settings);
    return calls(
      () => openai(model),
      () => openai.image(model),
    );
  }
  const compatible = createOpenAICompatible({
    name: 'compatible',
    baseURL: baseUrl!,
    // Streamed replies then end with the token usage, which the request log records.
    includeUsage: true,
    ...(apiKey ? { apiKey } : {}),
    ...fetchOption,
  });
  let chat: LanguageModelV3 | undefined;
  return calls(
    () => (chat ??= compatible.chatModel(model)),
    () => compatible.imageModel(model),
  );
}

const IMAGE_MODEL = /image|dall-e|flux|stable-diffusion|sdxl|imagen/i;
const fallbackModels: Record<TProvider, string[]> = {
  openai: ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'gpt-image-1', 'dall-e-3'],
  anthropic: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1'],
  openai_compatible: [],
};
const providerLabel: Record<TProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  openai_compatible: 'OpenAI-compatible',
};

/** Asks a provider which models it has; a provider that does not answer gets a known list. */
async function fetchModels(endpoint: TEndpoint): Promise<string[]> {
  if (endpoint.models.length) return endpoint.models;
  const base =
    endpoint.baseUrl ??
    (endpoint.provider === 'anthropic'
      ? 'https://api.anthropic.com/v1'
      : 'https://api.openai.com/v1');
  const headers: Record<string, string> =
    endpoint.provider === 'anthropic'
      ? { 'x-api-key': endpoint.apiKey ?? '', 'anthropic-version': '2023-06-01' }
      : endpoint.apiKey
        ? { authorization: `Bearer ${endpoint.apiKey}` }
        : {};
  try {
    const response = await (endpoint.fetch ?? fetch)(`${base.replace(/\/+$/, '')}/models`, {
      headers,
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) return fallbackModels[endpoint.provider];
    const body = (await response.json()) as { data?: Array<{ id?: unknown }> };
    const ids = (body.data ?? [])
      .map((m) => m.id)
      .filter((id): id is string => typeof id === 'string');
    return ids.length ? ids : fallbackModels[endpoint.provider];
  } catch {
    return fallbackModels[endpoint.provider];
  }
}

const LIST_TTL_MS = 5 * 60_000;
const MAX_MADE_MODELS = 200;

/**
 * Model ids: `echo` (built in), `openai:<model>`, `anthropic:<model>`, `compatible:<model>` for the
 * providers configured by environment, and `cred:<credential id>:<model>` for a user's own keys.
 */
export function createModelResolver({
  config,
  db,
  box,
}: {
  config: TConfig;
  db: TDb;
  box: TSecretBox;
}) {
  const cache = new Map<string, { at: number; models: string[] }>();
  const userFetch = createOutboundFetch({
    allowPrivate: config.allowPrivateProviderUrls,
    forModels: true,
  });
  // Made models are kept: making a provider and its model costs more CPU than a short call's own
  // work. The key holds what a model is made from, so a changed key or address makes it anew, and a user's
  // endpoint never gets the operator's unchecked one.
  const made = new Map<string, TResolvedModel>();
  const modelOf = (endpoint: TEndpoint, model: string): TResolvedModel => {
    const { provider, baseUrl, apiKey, fetch: checked } = endpoint;
    const key = JSON.stringify([provider, baseUrl, apiKey, Boolean(checked), model]);
    let resolved = made.get(key);
    if (!resolved) {
      if (made.size >= MAX_MADE_MODELS) made.clear();
      resolved = sdkModel(endpoint, model);
      made.set(key, resolved);
    }
    return resolved;
  };
  const envEndpoints: Record<string, TEndpoint | undefined> = {
    openai: config.providers.openai && {
      provider: 'openai',
      apiKey: config.providers.openai.apiKey,
      baseUrl: config.providers.openai.baseUrl,
      models: [],
    },
    anthropic: config.providers.anthropic && {
      provider: 'anthropic',
      apiKey: config.providers.anthropic.apiKey,
      baseUrl: undefined,
      models: [],
    },
    compatible: config.providers.openaiCompatible && {
      provider: 'openai_compatible',
      apiKey: config.providers.openaiCompatible.apiKey,
      baseUrl: config.providers.openaiCompatible.baseUrl,
      models: config.providers.openaiCompatible.models,
    },
  };

  async function credentialEndpoint(
    userId: string,
    credentialId: string,
  ): Promise<(TEndpoint & { name: string }) | undefined> {
    const row = await credentialOf(db, userId, credentialId);
    if (!row) return undefined;
    return {
      provider: row.provider,
      apiKey: box.open(row.encryptedKey),
      baseUrl: row.baseUrl ?? undefined,
      models: row.models,
      fetch: userFetch,
      name: row.name,
    };
  }

  async function cachedModels(key: string, endpoint: TEndpoint) {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < LIST_TTL_MS) return hit.models;
    const models = await fetchModels(endpoint);
    cache.set(key, { at: Date.now(), models });
    return models;
  }

  const infos = (
    prefix: string,
    label: string,
    provider: TProvider,
    models: string[],
  ): TModelInfo[] =>
    models.map((model) => ({
      id: `${prefix}:${model}`,
      label: `${label}: ${model}`,
      provider,
      kind: IMAGE_MODEL.test(model) ? 'image' : 'text',
      builtin: false,
    }));

  return {
    async resolve(modelId: string, userId: string): Promise<TResolvedModel> {
      if (modelId === 'echo') return echoModel;
      const [prefix, ...rest] = modelId.split(':');
      if (prefix === 'cred') {
        const [credentialId, ...model] = rest;
        const endpoint = credentialId
          ? await credentialEndpoint(userId, credentialId).catch(() => undefined)
          : undefined;
        if (!endpoint || !model.length)
          throw new UnknownModelError(
            `The AI provider of model "${modelId}" is not one of your saved keys`,
          );
        return modelOf(endpoint, model.join(':'));
      }
      const endpoint = prefix ? envEndpoints[prefix] : undefined;
      if (!endpoint || !rest.length) {
        throw new UnknownModelError(
          `Model "${modelId}" is not available: pick one of the configured models`,
        );
      }
      return modelOf(endpoint, rest.join(':'));
    },

    /** Every model the user can pick, the built-in echo model first. */
    async list(userId: string): Promise<TModelInfo[]> {
      const models: TModelInfo[] = [
        {
          id: 'echo',
          label: 'Echo (built-in, offline)',
          provider: 'builtin',
          kind: 'text',
          builtin: true,
        },
        {
          id: 'echo',
          label: 'Echo image (built-in, offline)',
          provider: 'builtin',
          kind: 'image',
          builtin: true,
        },
      ];
      for (const [prefix, endpoint] of Object.entries(envEndpoints)) {
        if (endpoint)
          models.push(
            ...infos(
              prefix,
              providerLabel[endpoint.provider],
              endpoint.provider,
              await cachedModels(prefix, endpoint),
            ),
          );
      }
      const credentials = await credentialsOf(db, userId);
      for (const row of credentials) {
        const endpoint = {
          provider: row.provider,
          apiKey: box.open(row.encryptedKey),
          baseUrl: row.baseUrl ?? undefined,
          models: row.models,
          fetch: userFetch,
        };
        models.push(
          ...infos(
            `cred:${row.id}`,
            row.name,
            row.provider,
            await cachedModels(`cred:${row.id}:${row.updatedAt.getTime()}`, endpoint),
          ),
        );
      }
      return models;
    },

    /** Sends a one-token request with a saved key, to tell the user whether it works. */
    async testCredential(
      userId: string,
      credentialId: string,
    ): Promise<{ ok: true; model: string } | { ok: false; error: string }> {
      const endpoint = await credentialEndpoint(userId, credentialId);
      if (!endpoint) return { ok: false, error: 'Not found' };
      const models = await fetchModels(endpoint);
      const model = models.find((m) => !IMAGE_MODEL.test(m));
      if (!model)
        return { ok: false, error: 'The provider lists no text model; add a model id to this key' };
      try {
        await generateText({
          model: sdkModel(endpoint, model).language(),
          prompt: 'Say OK.',
          maxOutputTokens: 1,
          maxRetries: 0,
          abortSignal: AbortSignal.timeout(15_000),
        });
        return { ok: true, model };
      } catch (error) {
        // A provider's own answer helps (a wrong key); why a connection failed is not told.
        const answered = APICallError.isInstance(error) && error.statusCode !== undefined;
        return { ok: false, error: answered ? error.message : UNREACHABLE };
      }
    },
  };
}

export type TModelResolver = ReturnType<typeof createModelResolver>;
