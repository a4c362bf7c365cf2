import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TReqLog, TReqLogSummary } from '@flowsmith/shared';
import { apiRequest, createResourceApi, type TListParams } from '../api';

/** Read-only: the server writes a row for every model call. */
const reqLogsApi = createResourceApi<TReqLog, never, never>('req_logs');

/**
 * Query keys of the request log. Keys hold the view as picked ("last 7 days"); the query of
 * each fetch is worked out then, so a refetch of a rolling range moves with the clock.
 */
export const reqLogKeys = {
  all: ['req-logs'] as const,
  lists: () => [...reqLogKeys.all, 'list'] as const,
  list: (view: object) => [...reqLogKeys.lists(), view] as const,
  summaries: () => [...reqLogKeys.all, 'summary'] as const,
  summary: (filters: object) => [...reqLogKeys.summaries(), filters] as const,
  row: (id: string) => [...reqLogKeys.all, 'row', id] as const,
};

/** One page of model calls: `view` keys it, `query` gives the API query at each fetch. */
export const reqLogPageQueryOptions = (view: object, query: () => TListParams) =>
  queryOptions({
    queryKey: reqLogKeys.list(view),
    queryFn: ({ signal }) => reqLogsApi.list(query(), { signal }),
    // Paging, sorting and filtering keep the current rows under the table's loading mask
    // instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });

/** Totals and calls per day of the filtered log. */
export const reqLogSummaryQueryOptions = (filters: object, query: () => TListParams) =>
  queryOptions({
    queryKey: reqLogKeys.summary(filters),
    queryFn: ({ signal }) =>
      apiRequest<TReqLogSummary>('/api/req_logs/summary', { query: query(), signal }),
    placeholderData: keepPreviousData,
  });

/** One call in full: lists and live rows carry only the beginning of long texts. */
export const reqLogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: reqLogKeys.row(id),
    queryFn: ({ signal }) => reqLogsApi.get(id, { signal }),
    // A logged call never changes.
    staleTime: Infinity,
  });
