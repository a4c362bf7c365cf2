import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTemplateApplied, ZTemplateApply } from '@flowsmith/shared';
import * as templates from './templates.service';

/** Starter templates: the definitions live in `packages/shared`; applying one writes it. */
export async function templatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  r.post(
    '/templates/apply',
    { schema: { tags: ['templates'], body: ZTemplateApply, response: { 201: ZTemplateApplied } } },
    async (request, reply) =>
      reply.status(201).send(await templates.applyTemplate(db, request.user, request.body)),
  );
}
