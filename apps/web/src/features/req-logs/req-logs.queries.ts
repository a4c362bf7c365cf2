import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@flowsmith/shared';
import {
  toApiFilters,
  toApiListQuery,
  type TReqLogFilters,
  type TReqLogParams,
} from './req-log-params';
import { modelsApi, projectsApi, reqLogsApi, reqLogSummaryApi } from './req-logs-api';

/** Query keys of the request log; one factory so invalidation never misses a spelling. */
export const reqLogKeys = {
  all: ['req-logs'] as const,
  lists: () => [...reqLogKeys.all, 'list'] as const,
  list: (params: TReqLogParams) => [...reqLogKeys.lists(), params] as const,
  summaries: () => [...reqLogKeys.all, 'summary'] as const,
  summary: (filters: TReqLogFilters) => [...reqLogKeys.summaries(), filters] as const,
  row: (id: string) => [...reqLogKeys.all, 'row', id] as const,
};

/** Under the projects area's root key, so a change to the projects refreshes these names too. */
export const projectOptionKeys = { all: ['projects', 'options'] as const };
export const modelKeys = { all: ['models'] as const };

// Keys hold the filters as picked ("last 7 days"); the dates are worked out at each fetch, so a
// refetch of a rolling range moves with the clock.
export const reqLogListQueryOptions = (params: TReqLogParams) =>
  queryOptions({
    queryKey: reqLogKeys.list(params),
    queryFn: ({ signal }) => reqLogsApi.list(toApiListQuery(params, new Date()), { signal }),
    // Paging, sorting and filtering keep the current rows under the table's loading mask
    // instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });

export const reqLogSummaryQueryOptions = (filters: TReqLogFilters) =>
  queryOptions({
    queryKey: reqLogKeys.summary(filters),
    queryFn: ({ signal }) => reqLogSummaryApi.get(toApiFilters(filters, new Date()), { signal }),
    placeholderData: keepPreviousData,
  });

/** Every project of the caller: members of more than the API's page limit are not expected. */
export const projectOptionsQueryOptions = () =>
  queryOptions({
    queryKey: projectOptionKeys.all,
    queryFn: ({ signal }) =>
      projectsApi.list({ pageSize: MAX_PAGE_SIZE, sort: 'name' }, { signal }),
    staleTime: 60_000,
  });

export const modelsQueryOptions = () =>
  queryOptions({
    queryKey: modelKeys.all,
    queryFn: ({ signal }) => modelsApi.list({ signal }),
    // Listing a provider's models can call the provider; the list rarely changes.
    staleTime: 5 * 60_000,
    select: (list) => [...new Set(list.items.map((model) => model.id))],
  });

/** One call in full: lists and live rows carry only the beginning of long texts. */
export const reqLogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: reqLogKeys.row(id),
    queryFn: ({ signal }) => reqLogsApi.get(id, { signal }),
    // A logged call never changes.
    staleTime: Infinity,
  });
