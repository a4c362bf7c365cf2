import { appRoutes } from '@flowsmith/shared';

export function customAiListUrl(projectId: string): string {
  return `${appRoutes.customAis}?projectId=${encodeURIComponent(projectId)}`;
}

export function chatUrl(customAiId: string): string {
  return appRoutes.customAiChat.replace(':id', encodeURIComponent(customAiId));
}

/** The run a workflow call started, opened in the constructor. */
export function runUrl(projectId: string, runId: string): string {
  const query = new URLSearchParams({ projectId, runId });
  return `${appRoutes.constructor}?${query.toString()}`;
}
