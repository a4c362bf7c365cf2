import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCheckResponse } from '@flowsmith/shared';

type TCheckRoutesOptions = { ping: () => Promise<boolean>; version: string };

export async function checkRoutes(app: FastifyInstance, { ping, version }: TCheckRoutesOptions) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/check',
      { schema: { response: { 200: ZCheckResponse, 503: ZCheckResponse } } },
      async (_request, reply) => {
        const dbOk = await ping();
        return reply
          .status(dbOk ? 200 : 503)
          .send({ status: dbOk ? 'ok' : 'error', version, db: dbOk ? 'ok' : 'error' });
      },
    );
}
