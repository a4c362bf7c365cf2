import type { TModelInfo, TProject, TReqLog, TReqLogSummary } from '@flowsmith/shared';
import { apiRequest, createResourceApi } from '../../lib/api';
import type { TApiFilters } from './req-log-params';

type TSignal = { signal?: AbortSignal };

/** Read-only: the server writes a row for every model call. */
export const reqLogsApi = createResourceApi<TReqLog, never, never>('req_logs');

export const reqLogSummaryApi = {
  get: (filters: TApiFilters, { signal }: TSignal = {}) =>
    apiRequest<TReqLogSummary>('/api/req_logs/summary', { query: filters, signal }),
};

/** For the model filter's suggestions. */
export const modelsApi = {
  list: ({ signal }: TSignal = {}) =>
    apiRequest<{ items: TModelInfo[] }>('/api/models', { signal }),
};

/** For the project filter and the project column's names. */
export const projectsApi = createResourceApi<TProject, never, never>('projects');
