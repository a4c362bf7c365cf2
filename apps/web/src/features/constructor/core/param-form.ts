import type { TParamMeta, TParamTypeCode } from '@flowsmith/shared';

export type TParamValues = Record<string, unknown>;
export type TParamErrors = Record<string, string>;

/** Stored params are strings, numbers, booleans or null, strings of at most this length. */
export const MAX_PARAM_TEXT = 10_000;

const emptyValue = (type: string): unknown =>
  type === 'boolean' ? false : type === 'number' ? null : '';

/** The form's starting values: the node's own, else the type's default, else empty. */
export function initialParamValues(
  params: readonly TParamMeta[],
  current: Record<string, unknown>,
): TParamValues {
  const values: TParamValues = {};
  for (const param of params) {
    const own = current[param.name];
    values[param.name] =
      own !== undefined ? own : (param.defaultValue ?? emptyValue(param.type as TParamTypeCode));
  }
  return values;
}

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

function problemOf(param: TParamMeta, value: unknown): string | null {
  const label = param.label || param.name;
  if (isBlank(value)) return param.required ? `${label} is required` : null;
  switch (param.type) {
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${label} must be a number`;
      if (param.min !== null && value < param.min) return `${label} must be at least ${param.min}`;
      if (param.max !== null && value > param.max) return `${label} must be at most ${param.max}`;
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : `${label} must be yes or no`;
    case 'select':
      return param.options && !param.options.some((option) => option.value === value)
        ? `${label} must be one of ${param.options.map((option) => option.label).join(', ')}`
        : null;
    default:
      if (typeof value !== 'string') return `${label} must be text`;
      return value.length > MAX_PARAM_TEXT
        ? `${label} must be at most ${MAX_PARAM_TEXT} characters`
        : null;
  }
}

/** A message per invalid param, keyed by name; empty when the form may be saved. */
export function validateParams(params: readonly TParamMeta[], values: TParamValues): TParamErrors {
  const errors: TParamErrors = {};
  for (const param of params) {
    const problem = problemOf(param, values[param.name]);
    if (problem) errors[param.name] = problem;
  }
  return errors;
}

/**
 * The params to store: the form's values over the node's current ones (keys the catalog no
 * longer lists are kept, not dropped); blank optional values are stored as null.
 */
export function toParamsPayload(
  params: readonly TParamMeta[],
  values: TParamValues,
  current: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...current };
  for (const param of params) {
    const value = values[param.name];
    result[param.name] = isBlank(value) ? null : typeof value === 'string' ? value : value;
  }
  return result;
}

export function validateTitle(title: string): string | null {
  if (!title.trim()) return 'Title is required';
  if (title.length > 200) return 'Title must be at most 200 characters';
  return null;
}
