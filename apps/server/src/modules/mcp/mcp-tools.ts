import { jsonSchema, tool, type ToolSet } from 'ai';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { listTools, withMcpClient, type TMcpClients } from './mcp-client';
import { ownMcpServers, type TMcpServerRow } from './mcp-servers.repo';

const CALL_TIMEOUT_MS = 5 * 60_000;

/** A tool name models accept (letters, digits, `_`, `-`; at most 64), unique in `taken`. */
function toolName(server: string, tool: string, taken: ToolSet) {
  const clean = (text: string) => text.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  const base = `${clean(server).slice(0, 20) || 'mcp'}_${clean(tool)}`.slice(0, 60);
  let name = base;
  for (let n = 2; name in taken; n++) name = `${base.slice(0, 60)}_${n}`;
  return name;
}

/** What a tool call answered, for the model: its text, or its structured content. */
function resultOf(result: CallToolResult) {
  const text = result.content
    .map((part) => (part.type === 'text' ? part.text : `[${part.type}]`))
    .join('\n');
  return {
    ...(result.isError ? { isError: true } : {}),
    ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}),
    content: text,
  };
}

async function serverTools(mcp: TMcpClients, server: TMcpServerRow, tools: ToolSet) {
  const enabled = new Set(server.enabledTools);
  const offered = await withMcpClient(mcp, server, listTools);
  for (const offer of offered.filter((t) => enabled.has(t.name))) {
    tools[toolName(server.name, offer.name, tools)] = tool({
      description: offer.description ?? offer.title ?? offer.name,
      inputSchema: jsonSchema(offer.inputSchema as object),
      execute: (input) =>
        withMcpClient(mcp, server, async (client) =>
          resultOf(
            (await client.callTool(
              { name: offer.name, arguments: input as Record<string, unknown> },
              undefined,
              { timeout: CALL_TIMEOUT_MS },
            )) as CallToolResult,
          ),
        ),
    });
  }
}

/**
 * The enabled tools of a custom AI's MCP servers, as AI SDK tools; each call connects, calls
 * and closes. Only the caller's own servers count (their headers are the caller's secrets), and
 * a server that cannot be reached now leaves its tools out rather than failing the chat.
 */
export async function mcpServerTools(
  deps: { db: TDb; mcp: TMcpClients },
  user: TUser,
  serverIds: string[],
): Promise<ToolSet> {
  const servers = await ownMcpServers(deps.db, user.id, serverIds);
  const tools: ToolSet = {};
  for (const server of servers.filter((s) => s.enabledTools.length > 0)) {
    await serverTools(deps.mcp, server, tools).catch(() => undefined);
  }
  return tools;
}
