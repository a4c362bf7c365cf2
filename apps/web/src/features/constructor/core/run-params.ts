import type { TParamMeta } from '@flowsmith/shared';
import { modelLabel } from '../../../lib/models/model-label';

type TChoice = { label: string; value: string };

/** Names of the project's databases and custom AIs, for params that hold their ids. */
export type TParamChoices = Partial<Record<'database' | 'custom_ai', readonly TChoice[]>>;

/** One param as a sentence shows it: its label and its value in people's words. */
export type TParamLine = { name: string; label: string; value: string };

function valueText(param: TParamMeta, value: unknown, choices: TParamChoices): string {
  if (value === null || value === undefined || value === '') {
    return param.type === 'model' ? 'none (Echo answers)' : '(empty)';
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value !== 'string') return JSON.stringify(value);
  switch (param.type) {
    case 'select':
      return param.options?.find((option) => option.value === value)?.label ?? value;
    case 'model':
      return modelLabel(value);
    case 'database':
    case 'custom_ai':
      return (
        choices[param.type]?.find((choice) => choice.value === value)?.label ?? 'one since removed'
      );
    default:
      return value;
  }
}

/**
 * The params a run used, in the kind's order with its labels; a value the kind no longer reads
 * is left out, as the node would not use it today either.
 */
export function paramLines(
  params: readonly TParamMeta[],
  values: Readonly<Record<string, unknown>>,
  choices: TParamChoices = {},
): TParamLine[] {
  return params.map((param) => ({
    name: param.name,
    label: param.label || param.name,
    // A blank value runs as the param's default.
    value: valueText(param, values[param.name] ?? param.defaultValue, choices),
  }));
}
