import type { TGroupFields } from '../core/history';

type TGroupForm = {
  value: TGroupFields | null;
  errors: { name?: string; settings?: string };
};

/** Checks the group form: a name, and settings that are a JSON object. */
export function parseGroupSettings(name: string, settingsText: string): TGroupForm {
  const errors: TGroupForm['errors'] = {};
  const trimmed = name.trim();
  if (!trimmed) errors.name = 'Name is required';
  else if (trimmed.length > 200) errors.name = 'Name must be at most 200 characters';
  let settings: Record<string, unknown> = {};
  try {
    const parsed: unknown = settingsText.trim() ? JSON.parse(settingsText) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      errors.settings = 'Settings must be a JSON object, like {"key": "value"}';
    } else settings = parsed as Record<string, unknown>;
  } catch (error) {
    errors.settings = `Not valid JSON: ${error instanceof Error ? error.message : 'unreadable'}`;
  }
  return { value: Object.keys(errors).length ? null : { name: trimmed, settings }, errors };
}
