import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TFieldVersions } from '@flowsmith/shared';
import { AppError } from '../../lib/app-error';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields among `candidates` ({field: [stored, given]}) whose given value differs. */
export function changedFields(candidates: Record<string, [unknown, unknown]>): string[] {
  return Object.entries(candidates)
    .filter(([, [stored, given]]) => given !== undefined && !same(stored, given))
    .map(([field]) => field);
}

/**
 * The versions after a write that changes `changed`. A field whose version in `base` (the
 * versions of the row the caller saw; a field missing there is 0) is not the stored one was
 * changed by someone else meanwhile: 409 `conflict` with the row as it is now, naming each such
 * field. Without `base` nothing is checked: the last write wins.
 */
export function nextVersions(
  stored: TFieldVersions,
  changed: string[],
  base: TFieldVersions | undefined,
  currentRow: () => unknown,
): TFieldVersions {
  const stale = base ? changed.filter((field) => (base[field] ?? 0) !== (stored[field] ?? 0)) : [];
  if (stale.length) {
    throw new AppError(
      'conflict',
      'Someone else changed this meanwhile',
      stale.map((field) => ({ field, message: 'Changed by someone else meanwhile' })),
      currentRow(),
    );
  }
  const next = { ...stored };
  for (const field of changed) next[field] = (stored[field] ?? 0) + 1;
  return next;
}

/** SQL: `versions` with one field's version raised by one. */
export const bumpVersion = (versions: PgColumn, field: string): SQL =>
  sql`jsonb_set(${versions}, ARRAY[${field}]::text[], to_jsonb(coalesce((${versions}->>${field})::int, 0) + 1))`;
