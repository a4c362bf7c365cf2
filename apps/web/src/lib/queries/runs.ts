import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  TRun,
  TRunCreate,
  TRunInputField,
  TRunNodeState,
  TRunProgressEvent,
} from '@flowsmith/shared';
import { apiRequest, createResourceApi } from '../api';

/** What a run executes: one runnable group (its node_groups row), or the whole canvas. */
export type TRunTarget = { nodeGroupId: string | null };

const runPath = (runId: string, rest = '') => `/api/runs/${encodeURIComponent(runId)}${rest}`;
const runsResourceApi = createResourceApi<TRun, never, never>('runs');

/** Listing goes through the generic resource; starting, following and cancelling have calls. */
export const runsApi = {
  start: (body: TRunCreate) =>
    apiRequest<{ run: TRun }>('/api/runs', { method: 'POST', body }).then((answer) => answer.run),
  inputs: (projectId: string, target: TRunTarget, signal?: AbortSignal) =>
    apiRequest<{ items: TRunInputField[] }>('/api/runs/inputs', {
      query: { projectId, nodeGroupId: target.nodeGroupId ?? undefined },
      signal,
    }),
  get: (runId: string, signal?: AbortSignal) => apiRequest<TRun>(runPath(runId), { signal }),
  nodes: (runId: string, signal?: AbortSignal) =>
    apiRequest<{ items: TRunNodeState[] }>(runPath(runId, '/nodes'), { signal }),
  events: (runId: string, after: number, signal?: AbortSignal) =>
    apiRequest<{ items: TRunProgressEvent[] }>(runPath(runId, '/events'), {
      query: { after },
      signal,
    }),
  cancel: (runId: string) =>
    apiRequest<{ run: TRun }>(runPath(runId, '/cancel'), { method: 'POST' }).then(
      (answer) => answer.run,
    ),
};

export const HISTORY_PAGE_SIZE = 20;

/** Query keys of a project's run history. */
export const runKeys = {
  all: ['runs'] as const,
  history: (projectId: string) => [...runKeys.all, 'history', projectId] as const,
  historyPage: (projectId: string, page: number) => [...runKeys.history(projectId), page] as const,
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
