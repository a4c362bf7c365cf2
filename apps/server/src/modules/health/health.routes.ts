import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCheckResponse } from '@flowsmith/shared';
import { version } from '../../version';
import { createHealthProbe } from './health-probe';

/**
 * `GET /api/check`: the version, where mail goes, and whether the database answers, from a probe that runs at
 * most once a second. Public, so it looks up no caller: the answer is the same for everyone.
 */
export async function healthRoutes(app: FastifyInstance) {
  const health = createHealthProbe(() => app.database.ping());
  const mail = app.config.smtpUrl ? 'smtp' : 'log';
  app.withTypeProvider<ZodTypeProvider>().get(
    '/check',
    {
      config: { public: true },
      schema: { response: { 200: ZCheckResponse, 503: ZCheckResponse } },
    },
    async (_request, reply) => {
      const dbOk = await health.databaseOk();
      return reply
        .status(dbOk ? 200 : 503)
        .send({ status: dbOk ? 'ok' : 'error', version, db: dbOk ? 'ok' : 'down', mail });
    },
  );
}
