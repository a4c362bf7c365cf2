import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCheckResponse } from '@flowsmith/shared';
import { version } from '../../version';

/** `GET /api/check`: the version, and whether the database answers. */
export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/check',
    {
      config: { public: true },
      schema: { response: { 200: ZCheckResponse, 503: ZCheckResponse } },
    },
    async (_request, reply) => {
      const dbOk = await app.database.ping();
      return reply
        .status(dbOk ? 200 : 503)
        .send({ status: dbOk ? 'ok' : 'error', version, db: dbOk ? 'ok' : 'error' });
    },
  );
}
