/**
 * The project list's paging, sorting and search, kept in the URL query string (so reload and
 * the back button restore them) with the API's own names: `?page=2&pageSize=50&sort=-name&search=x`.
 */
import { listShape, queryText } from '../../lib/list/list-params';

/** Most recently changed first: the project you just created or edited is on top. */
export const projectList = listShape({
  pageSizes: [10, 20, 50],
  sortFields: ['name', 'createdAt', 'updatedAt'],
  defaults: { page: 1, pageSize: 20, sortField: 'updatedAt', sortOrder: -1 },
});

export type TProjectListParams = (typeof projectList)['defaults'] & { search: string };

export const DEFAULT_LIST_PARAMS: TProjectListParams = { ...projectList.defaults, search: '' };

/** Reads the list state from the URL; anything missing or hand-edited into nonsense is the default. */
export function parseListParams(query: URLSearchParams): TProjectListParams {
  return { ...projectList.parse(query), search: queryText(query, 'search') };
}

/** The URL query for a list state; defaults are left out so a fresh list has a clean URL. */
export function listParamsToQuery(params: TProjectListParams): URLSearchParams {
  const query = new URLSearchParams();
  projectList.write(query, params);
  if (params.search) query.set('search', params.search);
  return query;
}

/** The query of `GET /api/projects` for a list state. */
export function toApiQuery(params: TProjectListParams) {
  return { ...projectList.apiQuery(params), search: params.search || undefined };
}
