/**
 * The /database screen's state, kept in the URL query string so reload, links and the back
 * button restore it: `?projectId=…&databaseId=…&page=2&pageSize=50&sort=-updatedAt&search=x&type=json`.
 * Paging, sort and filters are those of the chosen database's values, with the API's own names.
 */
import { valueTypeCodes, type TValueTypeCode } from '@flowsmith/shared';
import { listShape, queryText } from '../../lib/list/list-params';

/** Keys in alphabetical order: how people look a value up. */
export const valueList = listShape({
  pageSizes: [20, 50, 100, 200],
  sortFields: ['key', 'updatedAt', 'type'],
  defaults: { page: 1, pageSize: 20, sortField: 'key', sortOrder: 1 },
});

export type TValueListParams = (typeof valueList)['defaults'] & {
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

export const DEFAULT_VALUE_PARAMS: TValueListParams = {
  ...valueList.defaults,
  search: '',
  type: '',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isValueType = (value: string): value is TValueTypeCode =>
  (valueTypeCodes as readonly string[]).includes(value);

const idOrNull = (value: string | null) => (value && UUID.test(value) ? value : null);

/** Reads the screen state from the URL; anything missing or hand-edited into nonsense is the default. */
export function parseScreenParams(query: URLSearchParams): TDatabaseScreenParams {
  const type = query.get('type') ?? '';
  return {
    ...valueList.parse(query),
    search: queryText(query, 'search'),
    type: isValueType(type) ? type : '',
    projectId: idOrNull(query.get('projectId')),
    databaseId: idOrNull(query.get('databaseId')),
  };
}

/** The URL query for a screen state; defaults are left out so a fresh screen has a clean URL. */
export function screenParamsToQuery(params: TDatabaseScreenParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.projectId) query.set('projectId', params.projectId);
  if (params.databaseId) query.set('databaseId', params.databaseId);
  valueList.write(query, params);
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
    ...valueList.apiQuery(params),
    search: params.search || undefined,
    type: params.type || undefined,
  };
}
