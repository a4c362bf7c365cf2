import type { FastifyInstance } from 'fastify';
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
  // Two possible answers, serialised once: a check costs no serialisation or validation.
  const up = JSON.stringify(ZCheckResponse.parse({ status: 'ok', version, db: 'ok', mail }));
  const down = JSON.stringify(ZCheckResponse.parse({ status: 'error', version, db: 'down', mail }));
  // Untyped replies: the body goes out as the string serialised above.
  app.get(
    '/check',
    {
      config: { public: true },
      schema: { response: { 200: ZCheckResponse, 503: ZCheckResponse } },
    },
    async (_request, reply) => {
      const dbOk = await health.databaseOk();
      return reply
        .status(dbOk ? 200 : 503)
        .type('application/json; charset=utf-8')
        .send(dbOk ? up : down);
    },
  );
}
