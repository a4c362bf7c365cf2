import type {
  TModelInfo,
  TProjectUser,
  TRun,
  TRunCreate,
  TRunInputField,
  TRunNodeState,
  TRunProgressEvent,
} from '@flowsmith/shared';
import { apiRequest, createResourceApi } from '../../../lib/api';

/** What a run executes: one runnable group (its node_groups row), or the whole canvas. */
export type TRunTarget = { nodeGroupId: string | null };

const runPath = (runId: string, rest = '') => `/api/runs/${encodeURIComponent(runId)}${rest}`;

/** Listing goes through the generic resource; starting, following and cancelling have calls. */
export const runsResourceApi = createResourceApi<TRun>('runs');
export const projectMembersApi = createResourceApi<TProjectUser>('project_users');

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
  models: (signal?: AbortSignal) => apiRequest<{ items: TModelInfo[] }>('/api/models', { signal }),
};
