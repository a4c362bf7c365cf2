import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCredentialTestResult, ZIdParams, ZModelList } from '@flowsmith/shared';
import { listModels, testCredential } from './models.service';

/** The models a user can pick, and a check that a saved provider key works. */
export async function modelsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { resolver } = app.models;

  r.get('/models', { schema: { tags: ['models'], response: { 200: ZModelList } } }, (request) =>
    listModels(resolver, request.user),
  );

  r.post(
    '/provider_credentials/:id/test',
    {
      schema: {
        tags: ['provider_credentials'],
        params: ZIdParams,
        response: { 200: ZCredentialTestResult },
      },
    },
    (request) => testCredential(resolver, request.user, request.params.id),
  );
}
