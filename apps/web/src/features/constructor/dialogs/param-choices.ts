import { useQuery } from '@tanstack/react-query';
import type { TParamMeta } from '@flowsmith/shared';
import { customAiListQueryOptions } from '../../../lib/queries/custom-ais';
import { databasesQueryOptions } from '../../../lib/queries/databases';
import type { TOption } from './param-field';

/**
 * The project's databases and custom AIs, for params that pick one; loaded only when a param
 * asks, undefined while loading.
 */
export function useParamChoices(params: readonly TParamMeta[], projectId: string) {
  const needs = new Set(params.map((param) => param.type));
  const databases = useQuery({
    ...databasesQueryOptions(projectId),
    enabled: needs.has('database'),
  });
  const customAis = useQuery({
    ...customAiListQueryOptions(projectId),
    enabled: needs.has('custom_ai'),
  });
  return {
    database: databases.data?.items.map((db): TOption => ({ label: db.name, value: db.id })),
    custom_ai: customAis.data?.items.map((ai): TOption => ({ label: ai.name, value: ai.id })),
  };
}
