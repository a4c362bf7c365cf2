import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@flowsmith/shared';
import { canvasKeys } from './canvas.queries';
import { projectMembersApi, runsApi, runsResourceApi } from './runs-api';

export const HISTORY_PAGE_SIZE = 20;

export const runKeys = {
  history: (projectId: string) => [...canvasKeys.all, 'runs', projectId] as const,
  historyPage: (projectId: string, page: number) => [...runKeys.history(projectId), page] as const,
  members: (projectId: string) => [...canvasKeys.all, 'members', projectId] as const,
  models: () => [...canvasKeys.all, 'models'] as const,
};

/** One page of the project's runs, newest first. */
export const runHistoryQueryOptions = (projectId: string, page: number) =>
  queryOptions({
    queryKey: runKeys.historyPage(projectId, page),
    queryFn: ({ signal }) =>
      runsResourceApi.list(
        { projectId, sort: '-createdAt', pageSize: HISTORY_PAGE_SIZE, page },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** The project's members by user id, to say who started a run. */
export const membersQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: runKeys.members(projectId),
    queryFn: ({ signal }) =>
      projectMembersApi.list({ projectId, pageSize: MAX_PAGE_SIZE }, { signal }),
    staleTime: 5 * 60_000,
  });

/** The models the user can pick; the list changes only when provider keys change. */
export const modelsQueryOptions = () =>
  queryOptions({
    queryKey: runKeys.models(),
    queryFn: ({ signal }) => runsApi.models(signal),
    staleTime: 5 * 60_000,
  });
