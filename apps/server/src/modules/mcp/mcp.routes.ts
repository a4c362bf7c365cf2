import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, ZMcpToolList } from '@flowsmith/shared';
import { serverToolList } from './mcp-servers.service';

/** The tools of a user's external MCP server; the servers themselves are a generic resource. */
export async function mcpRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/mcp_servers/:id/tools',
    { schema: { tags: ['mcp_servers'], params: ZIdParams, response: { 200: ZMcpToolList } } },
    (request) => serverToolList({ db: app.db, mcp: app.mcp }, request.user, request.params.id),
  );
}
