import type { FastifyInstance, FastifyReply } from 'fastify';
import { ZCheckResponse } from '@flowsmith/shared';
import { version } from '../../version';
import { createHealthProbe } from './health-probe';

/**
 * `GET /api/check`: the version, where mail goes, and whether the database answers, from a probe
 * that runs at most once a second. Public and registered outside the API scope (`app.ts`), so it
 * looks up no caller: the answer is the same for everyone.
 */
export async function healthRoutes(app: FastifyInstance) {
  const health = createHealthProbe(() => app.database.ping());
  const mail = app.config.smtpUrl ? 'smtp' : 'log';
  // Two possible answers, serialised once: a check costs no serialisation or validation.
  const up = JSON.stringify(ZCheckResponse.parse({ status: 'ok', version, db: 'ok', mail }));
  const down = JSON.stringify(ZCheckResponse.parse({ status: 'error', version, db: 'down', mail }));
  // Untyped replies: the body goes out as the string serialised above.
  const answer = (reply: FastifyReply, dbOk: boolean): void => {
    reply
      .status(dbOk ? 200 : 503)
      .type('application/json; charset=utf-8')
      .send(dbOk ? up : down);
  };
  // Not an async handler: while the database is up the answer goes out at once, with no
  // promise per check.
  app.get(
    '/check',
    {
      config: { public: true },
      schema: { response: { 200: ZCheckResponse, 503: ZCheckResponse } },
    },
    (_request, reply) => {
      const dbOk = health.databaseOk();
      return typeof dbOk === 'boolean' ? answer(reply, dbOk) : dbOk.then((ok) => answer(reply, ok));
    },
  );
}
