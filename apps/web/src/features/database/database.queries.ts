import { queryOptions } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type TDatabaseValue } from '@flowsmith/shared';
import { databaseValuesApi, nodeDatabasesApi, projectsApi } from './database-api';
import { valueListParams, valuesApiQuery, type TValueListParams } from './database-params';

/** Query keys of the database area; one factory so invalidation never misses a spelling. */
export const databaseKeys = {
  all: ['database'] as const,
  projects: () => [...databaseKeys.all, 'projects'] as const,
  databases: (projectId: string) => [...databaseKeys.all, 'databases', projectId] as const,
  values: (databaseId: string) => [...databaseKeys.all, 'values', databaseId] as const,
  /** One value in full; under its database's key, so changing values refreshes it too. */
  value: (databaseId: string, valueId: string) =>
    [...databaseKeys.values(databaseId), 'full', valueId] as const,
  valueList: (databaseId: string, params: TValueListParams) =>
    [...databaseKeys.values(databaseId), params] as const,
};

/** The caller's projects for the picker: people belong to far fewer than the API's page limit. */
export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: databaseKeys.projects(),
    queryFn: ({ signal }) =>
      projectsApi.list({ pageSize: MAX_PAGE_SIZE, sort: 'name' }, { signal }),
  });

/** All of a project's databases (up to the API's page limit); the list's search filters them. */
export const databasesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: databaseKeys.databases(projectId),
    queryFn: ({ signal }) =>
      nodeDatabasesApi.list({ projectId, pageSize: MAX_PAGE_SIZE, sort: 'name' }, { signal }),
  });

export const valuesQueryOptions = (databaseId: string, params: TValueListParams) =>
  queryOptions({
    queryKey: databaseKeys.valueList(databaseId, valueListParams(params)),
    queryFn: ({ signal }) => databaseValuesApi.list(valuesApiQuery(databaseId, params), { signal }),
    // Paging, sorting and filtering keep the rows on screen under the table's loading mask, but
    // only within one database: another database's rows must never stand in for this one's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === databaseId ? previous : undefined,
  });

/** A value in full: lists carry only the beginning of a long one (`truncated`). */
export const fullValueQueryOptions = (value: TDatabaseValue) =>
  queryOptions({
    queryKey: databaseKeys.value(value.nodeDatabaseId, value.id),
    queryFn: ({ signal }) => databaseValuesApi.get(value.id, { signal }),
  });
