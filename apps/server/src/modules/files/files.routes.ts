import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZFileParams } from '@flowsmith/shared';
import { openFile } from './files.service';

/** Generated images, for members of the project they were made in. */
export async function filesRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/files/:projectId/:name',
      { schema: { tags: ['files'], params: ZFileParams } },
      async (request, reply) => {
        const { projectId, name } = request.params;
        const file = await openFile(app.db, app.files, request.user, projectId, name);
        return reply
          .type(file.mediaType)
          .header('content-length', file.size)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(file.body);
      },
    );
}
