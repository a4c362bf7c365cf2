import type { FastifyInstance } from 'fastify';
import { ZIdParams, ZMcpToolList } from '@flowsmith/shared';
import { moduleRoutes } from '../module-routes';
import { serverToolList } from './mcp-servers.service';

/** The tools of a user's external MCP server; the servers themselves are a generic resource. */
export async function mcpRoutes(app: FastifyInstance) {
  const { r, db } = moduleRoutes(app, 'mcp_servers');
  r.get(
    '/mcp_servers/:id/tools',
    { schema: { params: ZIdParams, response: { 200: ZMcpToolList } } },
    (request) => serverToolList({ db, mcp: app.mcp }, request.user, request.params.id),
  );
}
