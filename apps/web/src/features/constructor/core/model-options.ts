import type { TModelInfo, TNodeFlags } from '@flowsmith/shared';

export type TModelOption = { value: string; label: string };

/** Offered when the models list cannot be loaded: the built-in offline model. */
export const FALLBACK_MODELS: TModelOption[] = [
  { value: 'echo', label: 'Echo (built-in, offline)' },
];

/** The models a kind's `model` param offers (text ones by default); each once, built-in first. */
export function modelOptions(
  models: readonly TModelInfo[] | undefined,
  modelKind: TNodeFlags['model'],
) {
  if (!models) return FALLBACK_MODELS;
  const kind = modelKind === 'image' ? 'image' : 'text';
  const seen = new Set<string>();
  const options: TModelOption[] = [];
  const ordered = [...models].sort((a, b) => Number(b.builtin) - Number(a.builtin));
  for (const model of ordered) {
    if (model.kind !== kind || seen.has(model.id)) continue;
    seen.add(model.id);
    options.push({
      value: model.id,
      label: model.id === 'echo' ? 'Echo (built-in, offline)' : model.label,
    });
  }
  return options;
}
