import type { TFieldVersions } from '@flowsmith/shared';

/** The fields whose stored version moved on since `base` (someone else saved them). */
export function changedSince(base: TFieldVersions, now: TFieldVersions): string[] {
  return Object.keys(now).filter((field) => (now[field] ?? 0) !== (base[field] ?? 0));
}

/** A field of a node or group as people read it: `params.systemPrompt` → `systemPrompt`. */
export const fieldName = (field: string) => field.replace(/^(params|settings)\./, '');

/** A stored value shown in a sentence. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
