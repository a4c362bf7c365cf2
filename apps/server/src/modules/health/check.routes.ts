import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCheckResponse } from '@flowsmith/shared';
import { createHealthProbe } from './health-probe';

type TCheckRoutesOptions = { ping: () => Promise<boolean>; version: string };

export async function checkRoutes(app: FastifyInstance, { ping, version }: TCheckRoutesOptions) {
  const health = createHealthProbe(ping);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/check',
    {
      // Answered the same to everyone: no session lookup, which would need the database.
      config: { anonymous: true },
      schema: { response: { 200: ZCheckResponse, 503: ZCheckResponse } },
    },
    async (_request, reply) => {
      const dbOk = await health.databaseOk();
      return reply
        .status(dbOk ? 200 : 503)
        .send({ status: dbOk ? 'ok' : 'error', version, db: dbOk ? 'ok' : 'down' });
    },
  );
}
