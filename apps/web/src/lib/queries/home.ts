import { queryOptions } from '@tanstack/react-query';
import type {
  TChecklistUpdate,
  THomeSummary,
  TTemplateApplied,
  TTemplateApply,
} from '@flowsmith/shared';
import { apiRequest } from '../api';

export const homeApi = {
  summary: (signal?: AbortSignal) => apiRequest<THomeSummary>('/api/home', { signal }),
  setChecklist: (body: TChecklistUpdate) =>
    apiRequest<void>('/api/home/checklist', { method: 'PUT', body }),
  /** Starts from a starter template: a new project, or onto `projectId`'s canvas. */
  applyTemplate: (body: TTemplateApply) =>
    apiRequest<TTemplateApplied>('/api/templates/apply', { method: 'POST', body }),
};

/** Query keys of Home: one summary of the caller's recent work, usage and checklist. */
export const homeKeys = {
  all: ['home'] as const,
  summary: () => [...homeKeys.all, 'summary'] as const,
};

export const homeQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.summary(),
    queryFn: ({ signal }) => homeApi.summary(signal),
  });
