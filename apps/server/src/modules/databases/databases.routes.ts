import type { FastifyInstance } from 'fastify';
import { ZDatabaseImportQuery, ZDatabaseImportResult, ZIdParams } from '@flowsmith/shared';
import { moduleRoutes } from '../module-routes';
import { exportDatabase, importDatabase } from './databases.service';

/**
 * Importing a CSV or JSON file into a node database — the file is the request body, read as a
 * stream — and exporting one as CSV. Databases and values themselves are generic resources.
 */
export async function databasesRoutes(app: FastifyInstance) {
  // Uploads stream through the importer instead of being buffered and parsed as JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'text/csv', 'text/plain', 'application/octet-stream'],
    (_request, payload, done) => done(null, payload),
  );
  const { r, db } = moduleRoutes(app, 'node_databases');

  r.post(
    '/node_databases/:id/import',
    {
      schema: {
        params: ZIdParams,
        querystring: ZDatabaseImportQuery,
        response: { 200: ZDatabaseImportResult },
      },
    },
    (request) =>
      importDatabase(
        db,
        request.user,
        request.params.id,
        {
          body: request.body,
          declaredBytes: Number(request.headers['content-length'] ?? 0),
          maxBytes: app.config.importMaxBytes,
        },
        request.query,
      ),
  );

  r.get('/node_databases/:id/export', { schema: { params: ZIdParams } }, async (request, reply) => {
    const { filename, body } = await exportDatabase(db, request.user, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(body);
  });
}
