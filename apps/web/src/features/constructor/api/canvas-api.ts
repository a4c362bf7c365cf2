import type {
  TCustomAi,
  TGraphImport,
  TGraphImportResult,
  TNode,
  TNodeConnection,
  TNodeConnectionCreate,
  TNodeCreate,
  TNodeDatabase,
  TNodeGroup,
  TNodeHandle,
  TNodeType,
  TNodeTypeParam,
  TNodeUpdate,
  TProject,
  TProjectGraph,
} from '@flowsmith/shared';
import { apiRequest, createResourceApi } from '../../../lib/api';
import type { TLayoutItem } from '../core/flow-types';

type THandleCreate = { nodeId: string; name: string; label?: string; type?: string };
type TConnectionUpdate = Partial<Omit<TNodeConnectionCreate, 'projectId'>>;
type TGroupUpdate = { name?: string; settings?: Record<string, unknown> };

export const nodesApi = createResourceApi<TNode, TNodeCreate, TNodeUpdate>('nodes');
export const nodeInputsApi = createResourceApi<TNodeHandle, THandleCreate>('node_inputs');
export const nodeOutputsApi = createResourceApi<TNodeHandle, THandleCreate>('node_outputs');
export const connectionsApi = createResourceApi<
  TNodeConnection,
  TNodeConnectionCreate,
  TConnectionUpdate
>('node_connections');
export const nodeGroupsApi = createResourceApi<TNodeGroup, never, TGroupUpdate>('node_groups');
export const nodeTypesApi = createResourceApi<TNodeType>('node_types');
export const nodeTypeParamsApi = createResourceApi<TNodeTypeParam>('node_type_params');
export const nodeDatabasesApi = createResourceApi<TNodeDatabase>('node_databases');
export const customAisApi = createResourceApi<TCustomAi>('custom_ais');
export const projectsApi = createResourceApi<TProject>('projects');

const graphPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/graph`;

/** The whole-canvas calls: one load, many moves at once, atomic delete and import. */
export const graphApi = {
  load: (projectId: string, signal?: AbortSignal) =>
    apiRequest<TProjectGraph>(graphPath(projectId), { signal }),
  saveLayout: (projectId: string, nodes: TLayoutItem[]) =>
    apiRequest<{ nodes: TNode[] }>(`${graphPath(projectId)}/layout`, {
      method: 'PUT',
      body: { nodes },
    }),
  remove: (projectId: string, ids: { nodeIds: string[]; connectionIds: string[] }) =>
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
