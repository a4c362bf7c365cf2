import { getTableColumns, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A query's rows as one JSON array, to read several tables in one statement. */
export const asJson = (query: SQLWrapper) =>
  sql`(select coalesce(json_agg(q), '[]'::json) from (${query}) q)`;

/** Rows read as JSON back in Drizzle's shape: property names, dates; JSON columns as they came. */
export function fromJson<T extends PgTable>(table: T, rows: Array<Record<string, unknown>>) {
  const columns = Object.entries(getTableColumns(table));
  return rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] =
        value === null || value === undefined
          ? null
          : column.columnType === 'PgJsonb' || column.columnType === 'PgJson'
            ? value
            : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  });
}

// `\udXXX` not itself escaped: how `JSON.stringify` writes a lone surrogate (it writes pairs as
// they are), which jsonb refuses.
const LONE_SURROGATE = /(?<=(?:^|[^\\])(?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g;

/**
 * A value (rows for `jsonb_to_recordset`, a JSON column's value) as JSON text for a statement's
 * parameter, a lone surrogate in its text as U+FFFD, as a text parameter stores it (its UTF-8
 * encoding replaces it): jsonb refuses one.
 */
export function jsonParam(value: unknown): string {
  const json = JSON.stringify(value);
  return json.includes('\\ud') ? json.replace(LONE_SURROGATE, '\\ufffd') : json;
}
