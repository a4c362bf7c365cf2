/**
 * The project list's paging, sorting and search, kept in the URL query string (so reload and
 * the back button restore them) with the API's own names: `?page=2&pageSize=50&sort=-name&search=x`.
 */

export const PAGE_SIZES = [10, 20, 50] as const;
export const SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export type TSortField = (typeof SORT_FIELDS)[number];
export type TSortOrder = 1 | -1;
export const SEARCH_MAX_LENGTH = 200;

export type TProjectListParams = {
  page: number;
  pageSize: number;
  sortField: TSortField;
  sortOrder: TSortOrder;
  search: string;
};

/** Most recently changed first: the project you just created or edited is on top. */
export const DEFAULT_LIST_PARAMS: TProjectListParams = {
  page: 1,
  pageSize: 20,
  sortField: 'updatedAt',
  sortOrder: -1,
  search: '',
};

export const isSortField = (value: string): value is TSortField =>
  (SORT_FIELDS as readonly string[]).includes(value);

/** The API's sort key: the field, prefixed with `-` for descending. */
export function sortKey({
  sortField,
  sortOrder,
}: Pick<TProjectListParams, 'sortField' | 'sortOrder'>) {
  return sortOrder === -1 ? `-${sortField}` : sortField;
}

/** Reads the list state from the URL; anything missing or hand-edited into nonsense is the default. */
export function parseListParams(query: URLSearchParams): TProjectListParams {
  const params = { ...DEFAULT_LIST_PARAMS };
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
  return params;
}

/** The URL query for a list state; defaults are left out so a fresh list has a clean URL. */
export function listParamsToQuery(params: TProjectListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.page !== DEFAULT_LIST_PARAMS.page) query.set('page', String(params.page));
  if (params.pageSize !== DEFAULT_LIST_PARAMS.pageSize) {
    query.set('pageSize', String(params.pageSize));
  }
  const sort = sortKey(params);
  if (sort !== sortKey(DEFAULT_LIST_PARAMS)) query.set('sort', sort);
  if (params.search) query.set('search', params.search);
  return query;
}

/** The query of `GET /api/projects` for a list state. */
export function toApiQuery(params: TProjectListParams) {
  return {
    page: params.page,
    pageSize: params.pageSize,
    sort: sortKey(params),
    search: params.search || undefined,
  };
}
