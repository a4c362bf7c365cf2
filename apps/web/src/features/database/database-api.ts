import type { z } from 'zod';
import type {
  TDatabaseValue,
  TDatabaseValueCreate,
  TNodeDatabase,
  TProject,
  ZDatabaseValueUpdate,
  ZNodeDatabaseCreate,
  ZNodeDatabaseUpdate,
} from '@flowsmith/shared';
import { apiBaseUrl, createResourceApi } from '../../lib/api';

export type TNodeDatabaseCreate = z.input<typeof ZNodeDatabaseCreate>;
export type TNodeDatabaseUpdate = z.input<typeof ZNodeDatabaseUpdate>;
export type TDatabaseValueUpdate = z.input<typeof ZDatabaseValueUpdate>;

export const nodeDatabasesApi = createResourceApi<
  TNodeDatabase,
  TNodeDatabaseCreate,
  TNodeDatabaseUpdate
>('node_databases');

export const databaseValuesApi = createResourceApi<
  TDatabaseValue,
  TDatabaseValueCreate,
  TDatabaseValueUpdate
>('database_values');

/** Read-only here: the project picker and the caller's role in each project. */
export const projectsApi = createResourceApi<TProject, never, never>('projects');

/** The CSV download of a database (`key,value,type`); a plain link, so the browser streams it. */
export function exportUrl(databaseId: string): string {
  return `${apiBaseUrl()}/api/node_databases/${encodeURIComponent(databaseId)}/export`;
}
