import { z } from 'zod';
import { ZId, withStamps, zListQuery, zName } from './common';

/**
 * An external MCP server a user added in Settings: its Streamable HTTP address, the headers
 * sent with every request (sealed; only their names come back) and the tools custom AIs may use.
 */
export const ZMcpServer = withStamps({
  userId: ZId,
  name: z.string(),
  url: z.string(),
  headerNames: z.array(z.string()),
  enabledTools: z.array(z.string()),
});
export type TMcpServer = z.infer<typeof ZMcpServer>;

const ZHeaders = z
  .record(
    z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'Must be an HTTP header name'),
    z
      .string()
      .max(8000)
      .regex(/^[^\r\n]*$/, 'A header value is one line'),
  )
  .refine((headers) => Object.keys(headers).length <= 20, 'At most 20 headers');
const ZToolNames = z.array(z.string().min(1).max(200)).max(500);

export const ZMcpServerCreate = z.object({
  name: zName('Name', 100),
  url: z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }).max(2000),
  headers: ZHeaders.default({}),
  enabledTools: ZToolNames.default([]),
});
export type TMcpServerCreate = z.input<typeof ZMcpServerCreate>;
/** `headers`, when given, replace the saved ones. */
export const ZMcpServerUpdate = z.object({
  name: zName('Name', 100).optional(),
  url: ZMcpServerCreate.shape.url.optional(),
  headers: ZHeaders.optional(),
  enabledTools: ZToolNames.optional(),
});
export type TMcpServerUpdate = z.input<typeof ZMcpServerUpdate>;
export const ZMcpServerListQuery = zListQuery(['name', 'createdAt'], {});

/** `GET /api/mcp_servers/:id/tools`: what the server offers now, and which the user enabled. */
export const ZMcpTool = z.object({
  name: z.string(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
});
export type TMcpTool = z.infer<typeof ZMcpTool>;
export const ZMcpToolList = z.object({ items: z.array(ZMcpTool) });

/** The generic resource `mcp_servers`: its row, the bodies it takes and its list query. */
export const mcpServerSchemas = {
  row: ZMcpServer,
  create: ZMcpServerCreate,
  update: ZMcpServerUpdate,
  listQuery: ZMcpServerListQuery,
};
