import { appRoutes } from '@flowsmith/shared';

/** One project = one canvas: opening a project opens its canvas in the constructor. */
export function constructorUrl(projectId: string): string {
  return `${appRoutes.constructor}?projectId=${encodeURIComponent(projectId)}`;
}
