import type { TDbRow } from './resource.types';

/** A stored row as the API shows it: timestamps as ISO strings. */
export function apiRow(row: TDbRow): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}
