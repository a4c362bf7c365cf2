import { appRoutes } from '@flowsmith/shared';

/** One project = one canvas: opening a project opens its canvas in the constructor. */
export function constructorUrl(projectId: string): string {
  return `${appRoutes.constructor}?projectId=${encodeURIComponent(projectId)}`;
}

/** The node databases of a project, where one is created. */
export function databaseUrl(projectId: string): string {
  return `${appRoutes.database}?projectId=${encodeURIComponent(projectId)}`;
}
