import type { TReqLog } from '@flowsmith/shared';
import { daysRange, isRangePreset, rangeToApi, type TDateRange } from './date-range';

/**
 * The request log's filters, paging and sorting, kept in the URL query string so a filtered
 * view can be reloaded, shared and navigated with back/forward:
 * `?range=7d&projectId=…&model=echo&status=failed&page=2&sort=-cost`, or `from=2026-01-05&to=…`
 * (local days) instead of `range`.
 */

export const PAGE_SIZES = [10, 20, 50] as const;
export const SORT_FIELDS = [
  'createdAt',
  'latencyMs',
  'cost',
  'inputTokens',
  'outputTokens',
  'model',
] as const;
export type TSortField = (typeof SORT_FIELDS)[number];
export type TSortOrder = 1 | -1;
export type TStatusFilter = '' | TReqLog['status'];
export const TEXT_MAX_LENGTH = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TReqLogFilters = {
  range: TDateRange;
  projectId: string;
  model: string;
  status: TStatusFilter;
  search: string;
};

export type TReqLogParams = TReqLogFilters & {
  page: number;
  pageSize: number;
  sortField: TSortField;
  sortOrder: TSortOrder;
};

/** Newest first: the order in which live rows join the top of the first page. */
export const DEFAULT_PARAMS: TReqLogParams = {
  range: null,
  projectId: '',
  model: '',
  status: '',
  search: '',
  page: 1,
  pageSize: 20,
  sortField: 'createdAt',
  sortOrder: -1,
};

export const isSortField = (value: string): value is TSortField =>
  (SORT_FIELDS as readonly string[]).includes(value);

const sortKey = ({ sortField, sortOrder }: Pick<TReqLogParams, 'sortField' | 'sortOrder'>) =>
  sortOrder === -1 ? `-${sortField}` : sortField;

const text = (query: URLSearchParams, name: string) =>
  (query.get(name) ?? '').trim().slice(0, TEXT_MAX_LENGTH);

function parseRange(query: URLSearchParams): TDateRange {
  const preset = query.get('range') ?? '';
  if (isRangePreset(preset)) return { kind: 'preset', preset };
  const from = query.get('from');
  return from ? daysRange(from, query.get('to') ?? from) : null;
}

/** Reads the view from the URL; anything missing or hand-edited into nonsense is the default. */
export function parseParams(query: URLSearchParams): TReqLogParams {
  const params: TReqLogParams = { ...DEFAULT_PARAMS, range: parseRange(query) };
  // The API answers a malformed project id with a 400; an edited URL just drops the filter.
  const projectId = text(query, 'projectId');
  if (UUID.test(projectId)) params.projectId = projectId;
  params.model = text(query, 'model');
  params.search = text(query, 'search');
  const status = query.get('status');
  if (status === 'succeeded' || status === 'failed') params.status = status;
  const page = Number(query.get('page'));
  if (Number.isInteger(page) && page >= 1) params.page = page;
  const pageSize = Number(query.get('pageSize'));
  if ((PAGE_SIZES as readonly number[]).includes(pageSize)) params.pageSize = pageSize;
  const sort = query.get('sort') ?? '';
  const field = sort.replace(/^-/, '');
  if (isSortField(field)) {
    params.sortField = field;
    params.sortOrder = sort.startsWith('-') ? -1 : 1;
  }
  return params;
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
  if (params.page !== DEFAULT_PARAMS.page) query.set('page', String(params.page));
  if (params.pageSize !== DEFAULT_PARAMS.pageSize) query.set('pageSize', String(params.pageSize));
  const sort = sortKey(params);
  if (sort !== sortKey(DEFAULT_PARAMS)) query.set('sort', sort);
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
  return {
    ...toApiFilters(filtersOf(params), now),
    page: params.page,
    pageSize: params.pageSize,
    sort: sortKey(params),
  };
}
