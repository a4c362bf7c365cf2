import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type TProject, type TProjectCreate, type TProjectUpdate } from '@flowsmith/shared';
import { createResourceApi, type TListParams } from '../api';
import { listAllQueryOptions } from './list-all';

export const projectsApi = createResourceApi<TProject, TProjectCreate, TProjectUpdate>('projects');

/**
 * Query keys of the projects area. Every list of projects (the paged table, and the full list
 * behind each screen's project picker) sits under `lists()`, so one invalidation refreshes all.
 */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  page: (query: TListParams) => [...projectKeys.lists(), 'page', query] as const,
  mine: () => [...projectKeys.lists(), 'mine'] as const,
  details: () => [...projectKeys.all, 'detail'] as const,
  detail: (id: string) => [...projectKeys.details(), id] as const,
};

/** One page of the projects table, by the API's own list query. */
export const projectPageQueryOptions = (query: TListParams) =>
  queryOptions({
    queryKey: projectKeys.page(query),
    queryFn: ({ signal }) => projectsApi.list(query, { signal }),
    // Paging, sorting and searching keep the current rows on screen (under the table's loading
    // mask) instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });

/** Every project of the caller, by name, for the pickers: far fewer than the page limit. */
export const myProjectsQueryOptions = () =>
  listAllQueryOptions(projectKeys.mine(), projectsApi, { sort: 'name' });

/** One project, with the caller's role in it. */
export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => projectsApi.get(id, { signal }),
  });
