import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams, ZModelList } from '@flowsmith/shared';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/request-user';
import type { TModelResolver } from './model-resolver';

/** The models a user can pick, and a check that a saved provider key works. */
export async function modelsRoutes(
  app: FastifyInstance,
  { resolver }: { resolver: TModelResolver },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/models',
    { schema: { tags: ['models'], response: { 200: ZModelList } } },
    async (request) => ({
      items: await resolver.list(requireUser(request).id),
    }),
  );

  r.post(
    '/provider_credentials/:id/test',
    {
      schema: {
        tags: ['provider_credentials'],
        params: ZIdParams,
        response: {
          200: z.object({
            ok: z.boolean(),
            model: z.string().optional(),
            error: z.string().optional(),
          }),
        },
      },
    },
    async (request) => {
      const result = await resolver.testCredential(requireUser(request).id, request.params.id);
      if (!result.ok && result.error === 'Not found') throw new AppError('not_found', 'Not found');
      return result;
    },
  );
}
