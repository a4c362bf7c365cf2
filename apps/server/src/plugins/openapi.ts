import fastifySwagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { version } from '../version';

/**
 * The OpenAPI document of the API scope it is registered in, built from the routes' zod schemas
 * and served (publicly) at `docs`.
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
      transform: jsonSchemaTransform,
    });
    app.get('/docs', { config: { public: true }, schema: { hide: true } }, () => app.swagger());
  },
  { name: 'openapi' },
);
