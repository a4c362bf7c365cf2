import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
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
};

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
      .select()
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
