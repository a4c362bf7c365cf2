import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { TListParams } from '../api';
import type { TResourceApi } from '../api/resource-api';

/**
 * A list short enough to read whole (a person's own rows, a project's members, the pickers):
 * one page of the API's maximum holds it, so its screens do not page.
 */
export const listAllQueryOptions = <T, TKey extends QueryKey>(
  queryKey: TKey,
  api: Pick<TResourceApi<T>, 'listAll'>,
  params: TListParams,
) => queryOptions({ queryKey, queryFn: ({ signal }) => api.listAll(params, { signal }) });
