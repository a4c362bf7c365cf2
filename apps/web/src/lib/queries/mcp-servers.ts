import { queryOptions } from '@tanstack/react-query';
import {
  type TMcpServer,
  type TMcpServerCreate,
  type TMcpServerUpdate,
  type TMcpTool,
} from '@flowsmith/shared';
import { apiRequest, createResourceApi } from '../api';
import { listAllQueryOptions } from './list-all';

export const mcpServersApi = createResourceApi<TMcpServer, TMcpServerCreate, TMcpServerUpdate>(
  'mcp_servers',
);

/** What the server offers now; asking it can take a while. */
const mcpServerTools = (id: string, signal?: AbortSignal) =>
  apiRequest<{ items: TMcpTool[] }>(`/api/mcp_servers/${encodeURIComponent(id)}/tools`, {
    signal,
    timeoutMs: 30_000,
  });

export const mcpServerKeys = {
  all: ['mcp-servers'] as const,
  list: () => [...mcpServerKeys.all, 'list'] as const,
  tools: (id: string) => [...mcpServerKeys.all, 'tools', id] as const,
};

export const mcpServersQueryOptions = () =>
  listAllQueryOptions(mcpServerKeys.list(), mcpServersApi, { sort: 'name' });

export const mcpToolsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: mcpServerKeys.tools(id),
    queryFn: ({ signal }) => mcpServerTools(id, signal),
    // A server that cannot be reached says so at once; asking again is the user's call.
    retry: false,
  });
