import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type TDatabaseValue,
  type TDatabaseValueCreate,
  type TNodeDatabase,
  type ZDatabaseValueUpdate,
  type ZNodeDatabaseCreate,
  type ZNodeDatabaseUpdate,
} from '@flowsmith/shared';
import { apiBaseUrl, createResourceApi, type TListParams } from '../api';
import { listAllQueryOptions } from './list-all';

export type TNodeDatabaseCreate = z.input<typeof ZNodeDatabaseCreate>;
export type TNodeDatabaseUpdate = z.input<typeof ZNodeDatabaseUpdate>;
export type TDatabaseValueUpdate = z.input<typeof ZDatabaseValueUpdate>;

export const nodeDatabasesApi = createResourceApi<
  TNodeDatabase,
  TNodeDatabaseCreate,
  TNodeDatabaseUpdate
>('node_databases');

export const databaseValuesApi = createResourceApi<
  TDatabaseValue,
  TDatabaseValueCreate,
  TDatabaseValueUpdate
>('database_values');

/** The CSV download of a database (`key,value,type`); a plain link, so the browser streams it. */
export function databaseExportUrl(databaseId: string): string {
  return `${apiBaseUrl()}/api/node_databases/${encodeURIComponent(databaseId)}/export`;
}

/** Query keys of databases (a project's list) and of their values (pages per database). */
export const databaseKeys = {
  all: ['databases'] as const,
  list: (projectId: string) => [...databaseKeys.all, 'list', projectId] as const,
  values: (databaseId: string) => [...databaseKeys.all, 'values', databaseId] as const,
  valuePage: (databaseId: string, query: TListParams) =>
    [...databaseKeys.values(databaseId), query] as const,
  /** One value in full; under its database's key, so changing values refreshes it too. */
  value: (databaseId: string, valueId: string) =>
    [...databaseKeys.values(databaseId), 'full', valueId] as const,
};

/** All of a project's databases by name (up to the API's page limit). */
export const databasesQueryOptions = (projectId: string) =>
  listAllQueryOptions(databaseKeys.list(projectId), nodeDatabasesApi, { projectId, sort: 'name' });

/** One page of a database's values, by the API's own list query. */
export const valuePageQueryOptions = (databaseId: string, query: TListParams) =>
  queryOptions({
    queryKey: databaseKeys.valuePage(databaseId, query),
    queryFn: ({ signal }) =>
      databaseValuesApi.list({ ...query, nodeDatabaseId: databaseId }, { signal }),
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
