import { queryOptions } from '@tanstack/react-query';
import type {
  TCanvasChanges,
  TGraphDelete,
  TGraphImport,
  TGraphImportResult,
  TGraphLayout,
  TNode,
  TNodeConnection,
  TNodeConnectionCreate,
  TNodeCreate,
  TNodeGroup,
  TNodeHandle,
  TNodeUpdate,
  TProjectGraph,
} from '@flowsmith/shared';
import { apiRequest, createResourceApi } from '../api';

type THandleCreate = { nodeId: string; name: string; label?: string; type?: string };
/** `baseVersions`: the versions of the row the caller saw (409 when a field moved on since). */
type TBased = { baseVersions?: Record<string, number> };
type TConnectionUpdate = Partial<Omit<TNodeConnectionCreate, 'projectId'>> & TBased;
type TGroupUpdate = { name?: string; settings?: Record<string, unknown> } & TBased;

export const nodesApi = createResourceApi<TNode, TNodeCreate, TNodeUpdate>('nodes');
export const nodeInputsApi = createResourceApi<TNodeHandle, THandleCreate>('node_inputs');
export const nodeOutputsApi = createResourceApi<TNodeHandle, THandleCreate>('node_outputs');
export const connectionsApi = createResourceApi<
  TNodeConnection,
  TNodeConnectionCreate,
  TConnectionUpdate
>('node_connections');
export const nodeGroupsApi = createResourceApi<TNodeGroup, never, TGroupUpdate>('node_groups');

const graphPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/graph`;

/** The whole-canvas calls: one load, many moves at once, atomic delete and import. */
export const graphApi = {
  load: (projectId: string, signal?: AbortSignal) =>
    apiRequest<TProjectGraph>(graphPath(projectId), { signal }),
  /** The canvas changes after an offset, for catching up after being away. */
  changesAfter: (projectId: string, after: number) =>
    apiRequest<TCanvasChanges>(`${graphPath(projectId)}/changes`, { query: { after } }),
  saveLayout: (projectId: string, nodes: TGraphLayout['nodes']) =>
    apiRequest<{ nodes: TNode[] }>(`${graphPath(projectId)}/layout`, {
      method: 'PUT',
      body: { nodes },
    }),
  remove: (projectId: string, ids: TGraphDelete) =>
    apiRequest<{ deleted: { nodes: number; connections: number } }>(
      `${graphPath(projectId)}/delete`,
      { method: 'POST', body: ids },
    ),
  import: (projectId: string, body: TGraphImport) =>
    apiRequest<TGraphImportResult>(`${graphPath(projectId)}/import`, {
      method: 'POST',
      body,
      // A large file takes a while to insert; the default 30 s could cut it short.
      timeoutMs: 120_000,
    }),
};

/** Query keys of a project's canvas and of the workflows on it. */
export const canvasKeys = {
  all: ['canvas'] as const,
  graph: (projectId: string) => [...canvasKeys.all, 'graph', projectId] as const,
  workflows: (projectId: string) => [...canvasKeys.all, 'workflows', projectId] as const,
};

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
