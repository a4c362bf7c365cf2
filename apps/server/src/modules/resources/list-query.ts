import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TPage } from '@flowsmith/shared';
import type { TDb } from '../../db/database';

/** Equality and custom filters by query key, and a search. */
export type TListFilters = { search?: string; [filter: string]: unknown };
export type TListQuery = TListFilters & { page: number; pageSize: number; sort?: string };

export type TListSpec = {
  table: PgTable;
  /** API field name → column, for filters and sorting. */
  columns: Record<string, PgColumn>;
  defaultSort: string;
  searchColumns?: PgColumn[];
  /** Query keys that are not plain equality filters. */
  customFilters?: Record<string, (value: never) => SQL | undefined>;
  /**
   * Long text columns that a list answers with only their first characters (field → how many);
   * `clipInfo` reads which were cut and their whole lengths. The row's own GET has every text.
   */
  clippedInLists?: Record<string, number>;
};

/** Columns of `table` under their own names, for `columns`: the fields a list filters and sorts by. */
export function columnsOf<TTable extends PgTable>(
  table: TTable,
  ...fields: Array<keyof TTable['_']['columns'] & string>
): Record<string, PgColumn> {
  const all: Record<string, PgColumn> = getTableColumns(table);
  return Object.fromEntries(fields.map((field) => [field, all[field]!]));
}

/** The columns a list reads: every column, the long ones clipped in the database itself. */
function listSelection(spec: TListSpec) {
  const columns: Record<string, PgColumn | SQL.Aliased> = { ...getTableColumns(spec.table) };
  for (const [field, max] of Object.entries(spec.clippedInLists ?? {})) {
    const column = columns[field] as PgColumn;
    columns[field] = sql<string>`left(${column}, ${max})`.as(field);
    columns[`${field}${LENGTH}`] = sql<number>`char_length(${column})`
      .mapWith(Number)
      .as(`${field}${LENGTH}`);
  }
  return columns;
}

const LENGTH = '__length';

/** Characters as PostgreSQL counts them (code points, not UTF-16 units). */
export function codePointLength(text: string): number {
  let surrogates = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) surrogates += 1;
  }
  return text.length - surrogates;
}

/**
 * A row read whole (a new one, sent out live) clipped as a list would show it, for `clipInfo`.
 * Cuts by UTF-16 units, never inside a character.
 */
export function clipRow(row: Record<string, unknown>, clipped: Record<string, number>) {
  const out = { ...row };
  for (const [field, max] of Object.entries(clipped)) {
    const text = row[field];
    if (typeof text !== 'string' || text.length <= max) continue;
    const last = text.charCodeAt(max - 1);
    out[field] = text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
    out[`${field}${LENGTH}`] = codePointLength(text);
  }
  return out;
}

/**
 * A listed row without the helper columns `listSelection` added: the whole length of each
 * clippable text (as stored, for a row read whole) and whether any of them was cut short.
 */
export function clipInfo(
  row: Record<string, unknown>,
  fields: string[],
): { row: Record<string, unknown>; lengths: Record<string, number>; truncated: boolean } {
  const rest = { ...row };
  const lengths: Record<string, number> = {};
  let truncated = false;
  for (const field of fields) {
    const whole = rest[`${field}${LENGTH}`];
    delete rest[`${field}${LENGTH}`];
    const text = rest[field];
    const shown = typeof text === 'string' ? codePointLength(text) : 0;
    lengths[field] = typeof whole === 'number' ? whole : shown;
    if (lengths[field]! > shown) truncated = true;
  }
  return { row: rest, lengths, truncated };
}

const reserved = new Set(['page', 'pageSize', 'sort', 'search']);

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The rows within `scope` that match a list query's filters and search. */
export function whereOf(
  spec: Pick<TListSpec, 'columns' | 'searchColumns' | 'customFilters'>,
  query: TListFilters,
  scope: SQL | undefined,
): SQL | undefined {
  const conditions: Array<SQL | undefined> = [scope];
  for (const [key, value] of Object.entries(query)) {
    if (reserved.has(key) || value === undefined) continue;
    const custom = spec.customFilters?.[key];
    if (custom) {
      conditions.push(custom(value as never));
      continue;
    }
    const column = spec.columns[key];
    if (column) conditions.push(eq(column, value));
  }
  if (query.search && spec.searchColumns?.length) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(...spec.searchColumns.map((column) => ilike(column, pattern))));
  }
  return and(...conditions);
}

/** Runs a paged, sorted, filtered list; `scope` limits it to what the caller may see. */
export async function listRows<TRow>(
  db: TDb,
  spec: TListSpec,
  query: TListQuery,
  scope: SQL | undefined,
): Promise<TPage<TRow>> {
  const where = whereOf(spec, query, scope);

  const sort = query.sort ?? spec.defaultSort;
  const descending = sort.startsWith('-');
  const sortColumn = spec.columns[descending ? sort.slice(1) : sort];
  const idColumn = spec.columns.id!;
  const orderBy = sortColumn
    ? [descending ? desc(sortColumn) : asc(sortColumn), asc(idColumn)]
    : [asc(idColumn)];

  const [totals, items] = await Promise.all([
    db.select({ total: count() }).from(spec.table).where(where),
    db
      .select(listSelection(spec))
      .from(spec.table)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  return {
    items: items as TRow[],
    total: Number(totals[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
