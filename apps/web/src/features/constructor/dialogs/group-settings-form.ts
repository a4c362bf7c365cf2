import type { TParamMeta } from '@flowsmith/shared';
import {
  initialParamValues,
  toParamsPayload,
  validateParams,
  validateTitle,
  type TParamErrors,
  type TParamValues,
} from '../core/param-form';
import type { TGroupFields } from '../core/history';

/**
 * The group settings form: the name, one field per setting the group kind's catalog entry
 * declares, and the stored settings it does not declare, kept as they are (the JSON view shows
 * and edits them).
 */
export type TGroupFormValues = {
  name: string;
  params: TParamValues;
  extra: Record<string, unknown>;
};

type TSettingsPart = Pick<TGroupFormValues, 'params' | 'extra'>;

export type TGroupFormErrors = { name?: string; params: TParamErrors };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the form starts with for a group's stored name and settings. */
export function groupFormValues(
  params: readonly TParamMeta[],
  group: TGroupFields,
): TGroupFormValues {
  const declared = new Set(params.map((param) => param.name));
  return {
    name: group.name,
    params: initialParamValues(params, group.settings),
    extra: Object.fromEntries(Object.entries(group.settings).filter(([key]) => !declared.has(key))),
  };
}

/** The settings to store: every declared setting (blank as null) and the undeclared ones. */
export function settingsOf(
  params: readonly TParamMeta[],
  values: TSettingsPart,
): Record<string, unknown> {
  return toParamsPayload(params, values.params, values.extra);
}

/** The group as saving the form unchanged would store it: what the user's edits are based on. */
export function storedAsForm(params: readonly TParamMeta[], group: TGroupFields): TGroupFields {
  const values = groupFormValues(params, group);
  return { name: group.name, settings: settingsOf(params, values) };
}

/** Problems with the form's values, by field; none when it may be saved. */
export function checkGroupForm(
  params: readonly TParamMeta[],
  values: TGroupFormValues,
): TGroupFormErrors {
  const name = validateTitle(values.name)?.replace('Title', 'Name');
  return { ...(name ? { name } : {}), params: validateParams(params, values.params) };
}

/** The settings as the JSON view shows them; blank settings are left out. */
export function settingsJson(params: readonly TParamMeta[], values: TSettingsPart): string {
  const settings = Object.entries(settingsOf(params, values)).filter(([, value]) => value !== null);
  return JSON.stringify(Object.fromEntries(settings), null, 2);
}

/**
 * The JSON view's text read back into the form's values, or what is wrong with it: it must be
 * an object, and each declared setting must be valid as the form would check it.
 */
export function parseSettingsJson(
  params: readonly TParamMeta[],
  text: string,
): { values: TSettingsPart; error?: never } | { error: string; values?: never } {
  let parsed: unknown;
  try {
    parsed = text.trim() ? JSON.parse(text) : {};
  } catch (error) {
    return { error: `Not valid JSON: ${error instanceof Error ? error.message : 'unreadable'}` };
  }
  if (!isObject(parsed)) return { error: 'Settings must be a JSON object, like {"key": "value"}' };
  const { params: values, extra } = groupFormValues(params, { name: '', settings: parsed });
  const problems = Object.values(validateParams(params, values));
  if (problems.length) return { error: problems.join('; ') };
  return { values: { params: values, extra } };
}
