import { z } from 'zod';

/**
 * What a project's MCP server (`POST /mcp/projects/{id}`) takes: one JSON-RPC 2.0 message
 * (MCP's Streamable HTTP sends no batches since 2025-06-18). Only the envelope is described;
 * MCP's own schema governs the rest.
 */
export const ZMcpRequest = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  method: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
