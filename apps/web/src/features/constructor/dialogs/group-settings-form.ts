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

/**
 * The settings text with another member's stored values for `keys` (a key they removed goes),
 * keeping every other key as the user has it. Null when the text is not a JSON object.
 */
export function withTheirSettings(
  text: string,
  theirs: Record<string, unknown>,
  keys: string[],
): string | null {
  const parsed = parseGroupSettings('-', text).value;
  if (!parsed) return null;
  const settings = { ...parsed.settings };
  for (const key of keys) {
    if (key in theirs) settings[key] = theirs[key];
    else delete settings[key];
  }
  return JSON.stringify(settings, null, 2);
}
