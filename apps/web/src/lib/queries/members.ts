import { queryOptions } from '@tanstack/react-query';
import {
  type TProjectUser,
  type TProjectUserCreate,
  type TProjectUserUpdate,
  type TUserListItem,
} from '@flowsmith/shared';
import { createResourceApi } from '../api';
import { listAllQueryOptions } from './list-all';

export const projectUsersApi = createResourceApi<
  TProjectUser,
  TProjectUserCreate,
  TProjectUserUpdate
>('project_users');

/** Read-only here: the member autocomplete searches verified users by name or e-mail. */
export const usersApi = createResourceApi<TUserListItem, never, never>('users');

/** Suggestions shown by the member autocomplete. */
export const USER_SUGGESTIONS = 10;

/** Query keys of project members and of the user search that adds them. */
export const memberKeys = {
  all: ['members'] as const,
  list: (projectId: string) => [...memberKeys.all, projectId] as const,
  userSearch: (text: string) => ['users', 'search', text] as const,
};

/** Every member of a project, oldest first: a project has far fewer than the page limit. */
export const membersQueryOptions = (projectId: string) =>
  listAllQueryOptions(memberKeys.list(projectId), projectUsersApi, {
    projectId,
    sort: 'createdAt',
  });

export const userSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: memberKeys.userSearch(text),
    queryFn: ({ signal }) =>
      usersApi.list({ search: text, pageSize: USER_SUGGESTIONS }, { signal }),
    // Typing back and forth over the same letters reuses answers for a little while.
    staleTime: 30_000,
  });
