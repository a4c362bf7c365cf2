import type { TModelInfo } from '@flowsmith/shared';

export const ECHO_MODEL_ID = 'echo';

export type TModelOption = { value: string; label: string };

/**
 * The text models to pick from, the built-in offline echo model first (it always works, so a
 * new instance without provider keys can still chat), the rest by label.
 */
export function textModelOptions(models: readonly TModelInfo[]): TModelOption[] {
  return models
    .filter((model) => model.kind === 'text')
    .sort((a, b) => {
      const echoFirst = Number(b.id === ECHO_MODEL_ID) - Number(a.id === ECHO_MODEL_ID);
      return echoFirst || Number(b.builtin) - Number(a.builtin) || a.label.localeCompare(b.label);
    })
    .map((model) => ({ value: model.id, label: model.label }));
}

/** A model's label, or its id when the model is not (or no longer) offered. */
export function modelLabel(models: readonly TModelInfo[] | undefined, id: string): string {
  return models?.find((model) => model.id === id)?.label ?? id;
}
