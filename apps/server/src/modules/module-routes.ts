import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * How a module's routes begin: typed by their zod schemas, and listed in the OpenAPI document
 * under the module's tag unless a route's schema names its own.
 */
export function moduleRoutes(app: FastifyInstance, tag: string) {
  app.addHook('onRoute', (route) => {
    route.schema = { tags: [tag], ...route.schema };
  });
  return { r: app.withTypeProvider<ZodTypeProvider>(), db: app.db };
}
