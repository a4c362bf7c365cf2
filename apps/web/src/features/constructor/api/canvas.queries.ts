import { queryOptions } from '@tanstack/react-query';
import {
  MAX_PAGE_SIZE,
  nodeCatalog,
  nodeKinds,
  type TNodeKind,
  type TNodeKindDefinition,
  type TNodeType,
  type TNodeTypeParam,
} from '@flowsmith/shared';
import {
  customAisApi,
  graphApi,
  nodeDatabasesApi,
  nodeTypeParamsApi,
  nodeTypesApi,
  projectsApi,
} from './canvas-api';

/** A node kind as the canvas shows it: its definition, in the administrator's words. */
export type TCanvasKind = TNodeKindDefinition<TNodeKind>;

/** The node kinds as the canvas uses them, in palette order, looked up by kind. */
export type TCatalog = {
  kinds: TCanvasKind[];
  byKind: Map<string, TCanvasKind>;
  isGroupKind: (kind: string) => boolean;
};

/**
 * The kinds of the catalog in code, with the names, labels and descriptions of their rows:
 * behaviour comes from the code, the wording may be the administrator's.
 */
export function buildCatalog(types: TNodeType[], params: TNodeTypeParam[]): TCatalog {
  const rows = new Map(types.map((type) => [type.kind, type]));
  const paramRows = new Map(params.map((param) => [`${param.nodeTypeId}/${param.name}`, param]));
  const kinds = nodeKinds.map((kind): TCanvasKind => {
    const definition: TCanvasKind = nodeCatalog[kind];
    const row = rows.get(kind);
    if (!row) return definition;
    return {
      ...definition,
      name: row.name,
      description: row.description,
      params: definition.params.map((param) => {
        const text = paramRows.get(`${row.id}/${param.name}`);
        return text ? { ...param, label: text.label, description: text.description } : param;
      }),
    };
  });
  const byKind = new Map<string, TCanvasKind>(kinds.map((kind) => [kind.kind, kind]));
  return { kinds, byKind, isGroupKind: (kind) => byKind.get(kind)?.flags.group ?? false };
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
    // Catalog rows change only when an admin rewords them.
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
