import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/request-user';
import { requireProjectRole } from '../resources/project-access';
import { FILE_NAME, mediaTypeOf, type TFileStore } from './file-store';

/** Generated images, for members of the project they were made in. */
export async function filesRoutes(
  app: FastifyInstance,
  { db, files }: { db: TDb; files: TFileStore },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/files/:projectId/:name',
    {
      schema: {
        tags: ['files'],
        params: z.object({ projectId: ZId, name: z.string().regex(FILE_NAME, 'Not a file name') }),
      },
    },
    async (request, reply) => {
      const { projectId, name } = request.params;
      await requireProjectRole(db, requireUser(request), projectId, 'viewer');
      const file = files.pathOf(projectId, name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw new AppError('not_found', 'File not found');
      return reply
        .type(mediaTypeOf(name))
        .header('content-length', info.size)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(createReadStream(file));
    },
  );
}
