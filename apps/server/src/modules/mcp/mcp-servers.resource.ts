import { mcpServerSchemas } from '@flowsmith/shared';
import { mcpServers } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { outboundUrlProblem } from '../../lib/outbound';
import { apiRow } from '../resources/api-row';
import type { TDbRow, TResourceDefinition, TValues } from '../resources/resource.types';
import type { TMcpClients } from './mcp-client';

/** The sealed headers and their names, from the headers of a create or update body. */
function sealedHeaders(mcp: TMcpClients, headers: unknown): TValues {
  const plain = (headers ?? {}) as Record<string, string>;
  return {
    encryptedHeaders: mcp.headers.seal(JSON.stringify(plain)),
    headerNames: Object.keys(plain),
  };
}

/**
 * A user's own external MCP servers. Header values are sealed and never come back; the URL
 * follows the rules of provider base URLs (private addresses only when the operator allows).
 */
export function mcpServersResource(mcp: TMcpClients): TResourceDefinition {
  return {
    name: 'mcp_servers',
    table: mcpServers,
    scope: { kind: 'owner' },
    schemas: mcpServerSchemas,
    columns: {
      id: mcpServers.id,
      name: mcpServers.name,
      createdAt: mcpServers.createdAt,
    },
    defaultSort: 'name',
    searchColumns: [mcpServers.name, mcpServers.url],
    toApi: ({ encryptedHeaders: _sealed, ...row }) => apiRow(row as TDbRow),
    toInsert: ({ headers, ...rest }) => ({ ...rest, ...sealedHeaders(mcp, headers) }),
    toUpdate: ({ headers, ...rest }) =>
      headers === undefined ? rest : { ...rest, ...sealedHeaders(mcp, headers) },
    async validate({ url }) {
      const problem =
        typeof url === 'string' ? outboundUrlProblem(url, mcp.allowPrivate) : undefined;
      if (problem) throw AppError.validation('url', problem);
    },
  };
}
