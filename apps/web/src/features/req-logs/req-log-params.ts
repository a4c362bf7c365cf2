import { ZReqLogStatus, type TReqLog } from '@flowsmith/shared';
import { listShape, queryText } from '../../lib/list/list-params';
import { daysRange, isRangePreset, rangeToApi, type TDateRange } from './date-range';

/**
 * The request log's filters, paging and sorting, kept in the URL query string so a filtered
 * view can be reloaded, shared and navigated with back/forward:
 * `?range=7d&projectId=…&model=echo&status=failed&page=2&sort=-cost`, or `from=2026-01-05&to=…`
 * (local days) instead of `range`.
 */

/** Newest first: the order in which live rows join the top of the first page. */
export const reqLogList = listShape({
  pageSizes: [10, 20, 50],
  sortFields: ['createdAt', 'latencyMs', 'cost', 'inputTokens', 'outputTokens', 'model'],
  defaults: { page: 1, pageSize: 20, sortField: 'createdAt', sortOrder: -1 },
});

export type TStatusFilter = '' | TReqLog['status'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TReqLogFilters = {
  range: TDateRange;
  projectId: string;
  model: string;
  status: TStatusFilter;
  search: string;
};

export type TReqLogParams = TReqLogFilters & (typeof reqLogList)['defaults'];

export const DEFAULT_PARAMS: TReqLogParams = {
  range: null,
  projectId: '',
  model: '',
  status: '',
  search: '',
  ...reqLogList.defaults,
};

function parseRange(query: URLSearchParams): TDateRange {
  const preset = query.get('range') ?? '';
  if (isRangePreset(preset)) return { kind: 'preset', preset };
  const from = query.get('from');
  return from ? daysRange(from, query.get('to') ?? from) : null;
}

/** Reads the view from the URL; anything missing or hand-edited into nonsense is the default. */
export function parseParams(query: URLSearchParams): TReqLogParams {
  // The API answers a malformed project id with a 400; an edited URL just drops the filter.
  const projectId = queryText(query, 'projectId');
  const status = query.get('status');
  return {
    range: parseRange(query),
    projectId: UUID.test(projectId) ? projectId : '',
    model: queryText(query, 'model'),
    status: ZReqLogStatus.safeParse(status).data ?? '',
    search: queryText(query, 'search'),
    ...reqLogList.parse(query),
  };
}

/** The URL query for a view; defaults are left out so the plain log has a clean URL. */
export function paramsToQuery(params: TReqLogParams): URLSearchParams {
  const query = new URLSearchParams();
  const { range } = params;
  if (range?.kind === 'preset') query.set('range', range.preset);
  if (range?.kind === 'days') {
    query.set('from', range.from);
    if (range.to !== range.from) query.set('to', range.to);
  }
  for (const name of ['projectId', 'model', 'status', 'search'] as const) {
    if (params[name]) query.set(name, params[name]);
  }
  reqLogList.write(query, params);
  return query;
}

export function filtersOf(params: TReqLogParams): TReqLogFilters {
  const { range, projectId, model, status, search } = params;
  return { range, projectId, model, status, search };
}

export const hasFilters = (filters: TReqLogFilters) =>
  Boolean(filters.range || filters.projectId || filters.model || filters.status || filters.search);

/** The filters as the list and summary endpoints take them; `now` anchors rolling presets. */
export type TApiFilters = {
  projectId?: string;
  model?: string;
  status?: TReqLog['status'];
  search?: string;
  from?: string;
  to?: string;
};

export function toApiFilters(filters: TReqLogFilters, now: Date): TApiFilters {
  return {
    projectId: filters.projectId || undefined,
    model: filters.model || undefined,
    status: filters.status || undefined,
    search: filters.search || undefined,
    ...rangeToApi(filters.range, now),
  };
}

export function toApiListQuery(params: TReqLogParams, now: Date) {
  return { ...toApiFilters(filtersOf(params), now), ...reqLogList.apiQuery(params) };
}
