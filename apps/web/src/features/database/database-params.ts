/**
 * The /database screen's state, kept in the URL query string so reload, links and the back
 * button restore it: `?projectId=…&databaseId=…&page=2&pageSize=50&sort=-updatedAt&search=x&type=json`.
 * Paging, sort and filters are those of the chosen database's values, with the API's own names.
 */
import { valueTypeCodes, type TValueTypeCode } from '@flowsmith/shared';

export const PAGE_SIZES = [20, 50, 100, 200] as const;
export const SORT_FIELDS = ['key', 'updatedAt', 'type'] as const;
export type TSortField = (typeof SORT_FIELDS)[number];
export type TSortOrder = 1 | -1;
export const SEARCH_MAX_LENGTH = 200;

export type TValueListParams = {
  page: number;
  pageSize: number;
  sortField: TSortField;
  sortOrder: TSortOrder;
  search: string;
  /** Only values of this type; empty for every type. */
  type: TValueTypeCode | '';
};

export type TDatabaseScreenParams = TValueListParams & {
  projectId: string | null;
  databaseId: string | null;
};

/** Applies a change to the state in the URL; `replace` keeps it out of the history. */
export type TChangeParams = (
  change: (params: TDatabaseScreenParams) => TDatabaseScreenParams,
  replace?: boolean,
) => void;

/** Keys in alphabetical order: how people look a value up. */
export const DEFAULT_VALUE_PARAMS: TValueListParams = {
  page: 1,
  pageSize: 20,
  sortField: 'key',
  sortOrder: 1,
  search: '',
  type: '',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isSortField = (value: unknown): value is TSortField =>
  (SORT_FIELDS as readonly unknown[]).includes(value);

const isValueType = (value: string): value is TValueTypeCode =>
  (valueTypeCodes as readonly string[]).includes(value);

function sortKey({ sortField, sortOrder }: Pick<TValueListParams, 'sortField' | 'sortOrder'>) {
  return sortOrder === -1 ? `-${sortField}` : sortField;
}

const idOrNull = (value: string | null) => (value && UUID.test(value) ? value : null);

/** Reads the screen state from the URL; anything missing or hand-edited into nonsense is the default. */
export function parseScreenParams(query: URLSearchParams): TDatabaseScreenParams {
  const params: TDatabaseScreenParams = {
    ...DEFAULT_VALUE_PARAMS,
    projectId: idOrNull(query.get('projectId')),
    databaseId: idOrNull(query.get('databaseId')),
  };
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
  params.search = (query.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const type = query.get('type') ?? '';
  if (isValueType(type)) params.type = type;
  return params;
}

/** The URL query for a screen state; defaults are left out so a fresh screen has a clean URL. */
export function screenParamsToQuery(params: TDatabaseScreenParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.projectId) query.set('projectId', params.projectId);
  if (params.databaseId) query.set('databaseId', params.databaseId);
  if (params.page !== DEFAULT_VALUE_PARAMS.page) query.set('page', String(params.page));
  if (params.pageSize !== DEFAULT_VALUE_PARAMS.pageSize) {
    query.set('pageSize', String(params.pageSize));
  }
  const sort = sortKey(params);
  if (sort !== sortKey(DEFAULT_VALUE_PARAMS)) query.set('sort', sort);
  if (params.search) query.set('search', params.search);
  if (params.type) query.set('type', params.type);
  return query;
}

/**
 * The state after choosing another project or database: the values' page, search and type
 * filter belonged to the old one, so they reset; page size and sort are the user's taste and stay.
 */
export function withTarget(
  params: TDatabaseScreenParams,
  target: Pick<TDatabaseScreenParams, 'projectId' | 'databaseId'>,
): TDatabaseScreenParams {
  const same = target.projectId === params.projectId && target.databaseId === params.databaseId;
  if (same) return params;
  return { ...params, ...target, page: 1, search: '', type: '' };
}

/** The query of `GET /api/database_values` for a database and list state. */
export function valuesApiQuery(databaseId: string, params: TValueListParams) {
  return {
    nodeDatabaseId: databaseId,
    page: params.page,
    pageSize: params.pageSize,
    sort: sortKey(params),
    search: params.search || undefined,
    type: params.type || undefined,
  };
}
