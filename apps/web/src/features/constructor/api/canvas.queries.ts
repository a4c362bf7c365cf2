import { queryOptions } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type TNodeType, type TNodeTypeParam } from '@flowsmith/shared';
import {
  customAisApi,
  graphApi,
  nodeDatabasesApi,
  nodeTypeParamsApi,
  nodeTypesApi,
  projectsApi,
} from './canvas-api';

/** The node kinds as the canvas uses them: looked up by kind, params in display order. */
export type TCatalog = {
  types: TNodeType[];
  byKind: Map<string, TNodeType>;
  paramsByKind: Map<string, TNodeTypeParam[]>;
  isGroupKind: (kind: string) => boolean;
};

export function buildCatalog(types: TNodeType[], params: TNodeTypeParam[]): TCatalog {
  const sorted = [...types].sort((a, b) => a.sortOrder - b.sortOrder);
  const byKind = new Map(sorted.map((type) => [type.kind, type]));
  const kindOfType = new Map(sorted.map((type) => [type.id, type.kind]));
  const paramsByKind = new Map<string, TNodeTypeParam[]>();
  for (const param of [...params].sort((a, b) => a.sortOrder - b.sortOrder)) {
    const kind = kindOfType.get(param.nodeTypeId);
    if (kind) paramsByKind.set(kind, [...(paramsByKind.get(kind) ?? []), param]);
  }
  return {
    types: sorted,
    byKind,
    paramsByKind,
    isGroupKind: (kind) => byKind.get(kind)?.isGroup ?? false,
  };
}

export const canvasKeys = {
  all: ['constructor'] as const,
  catalog: () => [...canvasKeys.all, 'catalog'] as const,
  projects: () => [...canvasKeys.all, 'projects'] as const,
  graph: (projectId: string) => [...canvasKeys.all, 'graph', projectId] as const,
  databases: (projectId: string) => [...canvasKeys.all, 'databases', projectId] as const,
  customAis: (projectId: string) => [...canvasKeys.all, 'custom-ais', projectId] as const,
};

export const catalogQueryOptions = () =>
  queryOptions({
    queryKey: canvasKeys.catalog(),
    queryFn: async ({ signal }) => {
      const [types, params] = await Promise.all([
        nodeTypesApi.list({ pageSize: MAX_PAGE_SIZE, sort: 'sortOrder' }, { signal }),
        nodeTypeParamsApi.list({ pageSize: MAX_PAGE_SIZE, sort: 'sortOrder' }, { signal }),
      ]);
      return buildCatalog(types.items, params.items);
    },
    // Catalog rows change only when an admin edits them.
    staleTime: 10 * 60_000,
  });

export const canvasProjectsQueryOptions = () =>
  queryOptions({
    queryKey: canvasKeys.projects(),
    queryFn: ({ signal }) =>
      projectsApi.list({ pageSize: MAX_PAGE_SIZE, sort: 'name' }, { signal }),
  });

/**
 * The stored canvas, loaded once per opening: from then on the canvas owns its state, so a
 * background refetch must not overwrite what the user is doing.
 */
export const graphQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: canvasKeys.graph(projectId),
    queryFn: ({ signal }) => graphApi.load(projectId, signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const databasesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: canvasKeys.databases(projectId),
    queryFn: ({ signal }) =>
      nodeDatabasesApi.list({ projectId, pageSize: MAX_PAGE_SIZE, sort: 'name' }, { signal }),
  });

export const customAisQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: canvasKeys.customAis(projectId),
    queryFn: ({ signal }) =>
      customAisApi.list({ projectId, pageSize: MAX_PAGE_SIZE, sort: 'name' }, { signal }),
  });
