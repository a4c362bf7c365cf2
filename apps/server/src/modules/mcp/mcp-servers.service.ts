import type { TMcpTool, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { listTools, withMcpClient, type TMcpClients } from './mcp-client';
import { ownMcpServer, ownMcpServers } from './mcp-servers.repo';

/** The tools one of the caller's MCP servers offers now, each marked enabled or not. */
export async function serverToolList(
  deps: { db: TDb; mcp: TMcpClients },
  user: TUser,
  id: string,
): Promise<{ items: TMcpTool[] }> {
  const server = await ownMcpServer(deps.db, user.id, id);
  if (!server) throw new AppError('not_found', 'MCP server not found');
  const enabled = new Set(server.enabledTools);
  const tools = await withMcpClient(deps.mcp, server, listTools);
  return {
    items: tools.map((t) => ({
      name: t.name,
      description: t.description ?? t.title ?? '',
      inputSchema: t.inputSchema as Record<string, unknown>,
      enabled: enabled.has(t.name),
    })),
  };
}

/**
 * A custom AI may name only MCP servers of whoever adds them; ids already chosen (maybe by
 * another member) stay as they are.
 */
export async function checkChosenServers(
  db: TDb,
  user: TUser,
  chosen: string[],
  before: string[] = [],
) {
  const added = [...new Set(chosen.filter((id) => !before.includes(id)))];
  if (added.length === 0) return;
  const own = await ownMcpServers(db, user.id, added);
  if (own.length !== added.length)
    throw AppError.validation('mcpServerIds', 'Only your own MCP servers can be chosen');
}
