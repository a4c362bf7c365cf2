import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@flowsmith/shared';
import { toApiQuery, type TProjectListParams } from './list-params';
import { projectsApi, projectUsersApi, usersApi } from './projects-api';

/** Suggestions shown by the member autocomplete. */
export const USER_SUGGESTIONS = 10;

/** Query keys of the projects area; one factory so invalidation never misses a spelling. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (params: TProjectListParams) => [...projectKeys.lists(), params] as const,
  members: (projectId: string) => [...projectKeys.all, 'members', projectId] as const,
};

export const userKeys = {
  all: ['users'] as const,
  search: (text: string) => [...userKeys.all, 'search', text] as const,
};

export const projectListQueryOptions = (params: TProjectListParams) =>
  queryOptions({
    queryKey: projectKeys.list(params),
    queryFn: ({ signal }) => projectsApi.list(toApiQuery(params), { signal }),
    // Paging, sorting and searching keep the current rows on screen (under the table's loading
    // mask) instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });

/** Every member of a project: a project has far fewer members than the API's page limit. */
export const membersQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.members(projectId),
    queryFn: ({ signal }) =>
      projectUsersApi.list({ projectId, pageSize: MAX_PAGE_SIZE, sort: 'createdAt' }, { signal }),
  });

export const userSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: userKeys.search(text),
    queryFn: ({ signal }) =>
      usersApi.list({ search: text, pageSize: USER_SUGGESTIONS }, { signal }),
    // Typing back and forth over the same letters reuses answers for a little while.
    staleTime: 30_000,
  });
