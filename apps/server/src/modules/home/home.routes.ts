import type { FastifyInstance } from 'fastify';
import { ZChecklistUpdate, ZHomeQuery, ZHomeSummary } from '@flowsmith/shared';
import { moduleRoutes } from '../module-routes';
import * as home from './home.service';

/** Home: the caller's dashboard, and their getting-started checklist. */
export async function homeRoutes(app: FastifyInstance) {
  const { r, db } = moduleRoutes(app, 'home');

  r.get(
    '/home',
    { schema: { querystring: ZHomeQuery, response: { 200: ZHomeSummary } } },
    (request) => home.homeSummary(db, request.user, request.query),
  );

  r.put('/home/checklist', { schema: { body: ZChecklistUpdate } }, async (request, reply) => {
    await home.setChecklistDismissed(db, request.user, request.body.dismissed);
    return reply.status(204).send();
  });
}
