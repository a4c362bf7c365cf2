import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TPage, TReqLog } from '@flowsmith/shared';
import type { TApiFilters, TReqLogParams } from './req-log-params';

/**
 * Live rows: a model call published on a project channel joins the list on screen when the
 * list would have fetched it — same filters, first page, newest first. On any other page or
 * order it would land somewhere out of sight, so only the totals are refreshed.
 */

export function showsNewestFirst(params: TReqLogParams): boolean {
  return params.page === 1 && params.sortField === 'createdAt' && params.sortOrder === -1;
}

/** The server's filters, applied to one row (search is its case-insensitive model/prompt match). */
export function matchesFilters(row: TReqLog, filters: TApiFilters): boolean {
  if (filters.projectId && row.projectId !== filters.projectId) return false;
  if (filters.model && row.model !== filters.model) return false;
  if (filters.status && row.status !== filters.status) return false;
  const at = Date.parse(row.createdAt);
  if (filters.from && at < Date.parse(filters.from)) return false;
  if (filters.to && at >= Date.parse(filters.to)) return false;
  if (filters.search) {
    const needle = filters.search.toLowerCase();
    const haystacks = [row.model, row.prompt].map((value) => value.toLowerCase());
    if (!haystacks.some((value) => value.includes(needle))) return false;
  }
  return true;
}

/** The page with `row` on top, still `pageSize` long; a row already shown is left alone. */
export function prependRow(page: TPage<TReqLog>, row: TReqLog, pageSize: number): TPage<TReqLog> {
  if (page.items.some((item) => item.id === row.id)) return page;
  return { ...page, items: [row, ...page.items].slice(0, pageSize), total: page.total + 1 };
}

/**
 * Puts a live row on top of the cached page. A fetch of that page already under way may have
 * read the log before the row was written, and its answer would replace the page without it:
 * that fetch is made again, now that the row is stored.
 */
export function showLiveRow(
  queryClient: QueryClient,
  queryKey: QueryKey,
  row: TReqLog,
  pageSize: number,
): void {
  queryClient.setQueryData<TPage<TReqLog>>(queryKey, (page) =>
    page ? prependRow(page, row, pageSize) : page,
  );
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}
