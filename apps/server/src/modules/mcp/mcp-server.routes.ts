import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, ZMcpRequest } from '@flowsmith/shared';
import { AppError } from '../../lib/app-error';
import { authenticate } from '../../plugins/auth';

/**
 * Each project's MCP server at `/mcp/projects/{id}` (Streamable HTTP, stateless), for MCP
 * clients with an API key. Authentication comes first; a project the key's user is not a member
 * of is a 404, as in `/api`.
 */
export async function mcpServerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, jobs: app.runJobs };
  app.addHook('onRequest', authenticate);

  const described = { tags: ['MCP'], security: [{ apiKey: [] }], params: ZIdParams };

  r.post(
    '/projects/:id',
    {
      schema: {
        ...described,
        summary: "A project's MCP server",
        description:
          'Model Context Protocol over Streamable HTTP, stateless: its published groups are its ' +
          'tools (`tools/list`, `tools/call`).',
        body: ZMcpRequest,
      },
    },
    async (request, reply) => {
      // The MCP SDK's server loads with the first call, not at start.
      const { answerMcp, projectMcpServer } = await import('./mcp-server.service');
      const server = await projectMcpServer(deps, request.user, request.params.id);
      reply.hijack();
      await answerMcp(server, request.raw, reply.raw, request.body);
    },
  );

  // Stateless: no stream of server messages to open and no session to end.
  const onlyPost = () => {
    throw new AppError('method_not_allowed', 'This MCP server answers POST requests only');
  };
  const notHere = { schema: { ...described, summary: 'Not used: the server is stateless' } };
  r.get('/projects/:id', notHere, onlyPost);
  r.delete('/projects/:id', notHere, onlyPost);
}
