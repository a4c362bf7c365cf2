import type { FastifyInstance } from 'fastify';
import { ZFileParams } from '@flowsmith/shared';
import { moduleRoutes } from '../module-routes';
import { openFile } from './files.service';

/** Generated images, for members of the project they were made in. */
export async function filesRoutes(app: FastifyInstance) {
  const { r, db } = moduleRoutes(app, 'files');
  r.get('/files/:projectId/:name', { schema: { params: ZFileParams } }, async (request, reply) => {
    const { projectId, name } = request.params;
    const file = await openFile(db, app.files, request.user, projectId, name);
    // Pictures show in the page; anything else is a download, never a document to render.
    const disposition = file.mediaType.startsWith('image/') ? 'inline' : 'attachment';
    return reply
      .type(file.mediaType)
      .header('content-disposition', `${disposition}; filename="${file.name}"`)
      .header('content-length', file.size)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(file.body);
  });
}
