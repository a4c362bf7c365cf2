import type { TModelInfo, TProvider } from '@flowsmith/shared';

/** The built-in offline model: always there, so a new instance can run and chat at once. */
export const ECHO_MODEL_ID = 'echo';
const ECHO_LABEL = 'Echo (built-in, offline)';

export const PROVIDER_LABELS: Record<TProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  openai_compatible: 'OpenAI-compatible',
};

/** The prefixes of models served by the providers configured on the server. */
const PREFIX_PROVIDERS: Record<string, TProvider> = {
  openai: 'openai',
  anthropic: 'anthropic',
  compatible: 'openai_compatible',
};

const isProvider = (value: string | undefined): value is TProvider =>
  value !== undefined && value in PROVIDER_LABELS;

type TLabelHints = {
  /** The models the caller can pick: their labels name the caller's own keys. */
  models?: readonly TModelInfo[] | undefined;
  /** The provider that served the call, where it is known (a request-log row). */
  provider?: string | undefined;
};

/**
 * What people see for a model id: its provider and model name, never the internal id
 * (`cred:<key id>:gpt-4o` is "Work key: gpt-4o", `compatible:llama3` "OpenAI-compatible: llama3").
 */
export function modelLabel(id: string, { models, provider }: TLabelHints = {}): string {
  if (id === ECHO_MODEL_ID) return ECHO_LABEL;
  const listed = models?.find((model) => model.id === id);
  if (listed) return listed.label;
  const [prefix = '', ...rest] = id.split(':');
  if (prefix === 'cred' && rest.length > 1) {
    const name = rest.slice(1).join(':');
    return isProvider(provider) ? `${PROVIDER_LABELS[provider]}: ${name}` : `${name} (saved key)`;
  }
  const served = PREFIX_PROVIDERS[prefix];
  return served && rest.length ? `${PROVIDER_LABELS[served]}: ${rest.join(':')}` : id;
}

export type TModelOption = { value: string; label: string };

/** Offered while the models list cannot be loaded: the built-in offline model. */
const FALLBACK_OPTIONS: TModelOption[] = [{ value: ECHO_MODEL_ID, label: ECHO_LABEL }];

/** The models of one kind to pick from, each once: the offline echo model first, then by label. */
export function modelOptions(
  models: readonly TModelInfo[] | undefined,
  kind: TModelInfo['kind'],
): TModelOption[] {
  if (!models) return FALLBACK_OPTIONS;
  const options = new Map<string, TModelOption>();
  const ordered = models
    .filter((model) => model.kind === kind)
    .sort(
      (a, b) =>
        Number(b.id === ECHO_MODEL_ID) - Number(a.id === ECHO_MODEL_ID) ||
        Number(b.builtin) - Number(a.builtin) ||
        a.label.localeCompare(b.label),
    );
  for (const model of ordered) {
    if (options.has(model.id)) continue;
    options.set(model.id, { value: model.id, label: modelLabel(model.id, { models: [model] }) });
  }
  return [...options.values()];
}
