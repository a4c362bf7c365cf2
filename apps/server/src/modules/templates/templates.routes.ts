import type { FastifyInstance } from 'fastify';
import { ZTemplateApplied, ZTemplateApply } from '@flowsmith/shared';
import { moduleRoutes } from '../module-routes';
import * as templates from './templates.service';

/** Starter templates: the definitions live in `packages/shared`; applying one writes it. */
export async function templatesRoutes(app: FastifyInstance) {
  const { r, db } = moduleRoutes(app, 'templates');

  r.post(
    '/templates/apply',
    { schema: { body: ZTemplateApply, response: { 201: ZTemplateApplied } } },
    async (request, reply) =>
      reply.status(201).send(await templates.applyTemplate(db, request.user, request.body)),
  );
}
