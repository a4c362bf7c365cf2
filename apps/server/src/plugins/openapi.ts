import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { version } from '../version';

// The parts of the app the document describes; the web app's routes are not an API.
const DOCUMENTED = ['/api/', '/v1/', '/mcp/'];

/**
 * The OpenAPI document of every API (`/api`, the OpenAI-compatible `/v1` and MCP at `/mcp`),
 * built from the routes' zod schemas; registered before them, and served by `openApiDocsRoute`.
 */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Flowsmith API', version },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'token' },
            apiKey: { type: 'http', scheme: 'bearer' },
          },
        },
        security: [{ session: [] }, { apiKey: [] }],
      },
      transform: (input) =>
        DOCUMENTED.some((prefix) => input.url.startsWith(prefix))
          ? jsonSchemaTransform(input)
          : { schema: { ...input.schema, hide: true }, url: input.url },
    });
  },
  { name: 'openapi' },
);

/** `GET docs` (public) in the scope it is registered in: the document. */
export async function openApiDocsRoute(app: FastifyInstance) {
  app.get('/docs', { config: { public: true }, schema: { hide: true } }, () => app.swagger());
}
