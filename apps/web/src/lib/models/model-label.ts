import { instanceModelPrefixes, type TModelInfo, type TProvider } from '@flowsmith/shared';

/** The built-in offline model: always there, so a new instance can run and chat at once. */
export const ECHO_MODEL_ID = 'echo';
const ECHO_LABEL = 'Echo (built-in, offline)';

export const PROVIDER_LABELS: Record<TProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  openai_compatible: 'OpenAI-compatible',
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
  const served = Object.hasOwn(instanceModelPrefixes, prefix)
    ? instanceModelPrefixes[prefix]
    : undefined;
  return served && rest.length ? `${PROVIDER_LABELS[served]}: ${rest.join(':')}` : id;
}

export type TModelOption = { value: string; label: string };
export type TModelKind = TModelInfo['kind'] | 'any';
/** A provider's models, as the model picker lists them. */
export type TModelGroup = { label: string; items: TModelOption[] };

const BUILTIN_GROUP = 'Built in';
const UNAVAILABLE_GROUP = 'Not available';

const ofKind = (kind: TModelKind) => (model: TModelInfo) => kind === 'any' || model.kind === kind;

/**
 * The models of a kind to pick from, grouped by provider: the built-in offline model first,
 * then each provider's by label, each model once. A chosen model the list lacks is shown as
 * not available, by its label, so that the picker never shows an id or a blank.
 */
export function modelGroups(
  models: readonly TModelInfo[] | undefined,
  kind: TModelKind,
  chosen = '',
): TModelGroup[] {
  const groups = new Map<string, TModelGroup>();
  const seen = new Set<string>();
  const listed = (
    models ?? [
      { id: ECHO_MODEL_ID, label: ECHO_LABEL, provider: 'builtin', kind: 'text', builtin: true },
    ]
  )
    .filter(ofKind(kind))
    .sort((a, b) => Number(b.builtin) - Number(a.builtin) || a.label.localeCompare(b.label));
  for (const model of listed) {
    if (seen.has(model.id)) continue;
    seen.add(model.id);
    const label = model.builtin
      ? BUILTIN_GROUP
      : isProvider(model.provider)
        ? PROVIDER_LABELS[model.provider]
        : model.provider;
    const group = groups.get(label) ?? { label, items: [] };
    group.items.push({ value: model.id, label: modelLabel(model.id, { models: [model] }) });
    groups.set(label, group);
  }
  const result = [...groups.values()];
  if (chosen && !seen.has(chosen))
    result.push({
      label: UNAVAILABLE_GROUP,
      items: [{ value: chosen, label: modelLabel(chosen) }],
    });
  return result;
}

/**
 * Why a chosen model cannot be saved, or null: it must be one of the caller's models of the
 * kind. Blank is fine (the caller decides what no model means); so is anything while the list
 * is not known, the server checks again.
 */
export function modelProblem(
  chosen: unknown,
  models: readonly TModelInfo[] | undefined,
  kind: TModelKind,
): string | null {
  if (typeof chosen !== 'string' || chosen === '' || !models) return null;
  return models.some((model) => model.id === chosen && ofKind(kind)(model))
    ? null
    : `${modelLabel(chosen, { models })} is not one of your models: choose one from the list`;
}
