import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZChecklistUpdate, ZHomeQuery, ZHomeSummary } from '@flowsmith/shared';
import * as home from './home.service';

/** Home: the caller's dashboard, and their getting-started checklist. */
export async function homeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['home'];

  r.get(
    '/home',
    { schema: { tags, querystring: ZHomeQuery, response: { 200: ZHomeSummary } } },
    (request) => home.homeSummary(db, request.user, request.query),
  );

  r.put('/home/checklist', { schema: { tags, body: ZChecklistUpdate } }, async (request, reply) => {
    await home.setChecklistDismissed(db, request.user, request.body.dismissed);
    return reply.status(204).send();
  });
}
