import { Readable } from 'node:stream';
import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Papa from 'papaparse';
import {
  ZDatabaseImportQuery,
  ZDatabaseImportResult,
  ZIdParams,
  type TUser,
} from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { databaseValues, nodeDatabases } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/request-user';
import { inMemberProjects, requireProjectRole } from '../resources/project-access';
import { csvRows, describeSize, ImportAbortedError, jsonRows, limitedText } from './import-sources';
import { importValues } from './value-import';

const EXPORT_PAGE = 1_000;

async function visibleDatabase(db: TDb, user: TUser, id: string) {
  const [row] = await db
    .select()
    .from(nodeDatabases)
    .where(and(eq(nodeDatabases.id, id), inMemberProjects(db, nodeDatabases.projectId, user.id)));
  if (!row) throw new AppError('not_found', 'Database not found');
  return row;
}

/** The values of a database as CSV, read page by page so memory stays flat. */
async function* csvExport(db: TDb, databaseId: string): AsyncGenerator<string> {
  yield `${Papa.unparse([['key', 'value', 'type']])}\r\n`;
  let after: { key: string; id: string } | undefined;
  for (;;) {
    const page = await db
      .select({
        id: databaseValues.id,
        key: databaseValues.key,
        value: databaseValues.value,
        type: databaseValues.type,
      })
      .from(databaseValues)
      .where(
        and(
          eq(databaseValues.nodeDatabaseId, databaseId),
          after
            ? or(
                gt(databaseValues.key, after.key),
                and(eq(databaseValues.key, after.key), gt(databaseValues.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(databaseValues.key), asc(databaseValues.id))
      .limit(EXPORT_PAGE);
    if (page.length === 0) return;
    yield `${Papa.unparse(page.map((v) => [v.key, v.value, v.type]))}\r\n`;
    const last = page.at(-1)!;
    after = { key: last.key, id: last.id };
  }
}

/**
 * Importing a CSV or JSON file into a node database — the file is the request body, read as a
 * stream — and exporting one as CSV.
 */
export async function databasesRoutes(
  app: FastifyInstance,
  { db, maxBytes }: { db: TDb; maxBytes: number },
) {
  // Uploads stream through the importer instead of being buffered and parsed as JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'text/csv', 'text/plain', 'application/octet-stream'],
    (_request, payload, done) => done(null, payload),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/node_databases/:id/import',
    {
      schema: {
        tags: ['node_databases'],
        params: ZIdParams,
        querystring: ZDatabaseImportQuery,
        response: { 200: ZDatabaseImportResult },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const database = await visibleDatabase(db, user, request.params.id);
      await requireProjectRole(db, user, database.projectId, 'editor');
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > maxBytes) {
        throw new AppError(
          'payload_too_large',
          `The file is larger than ${describeSize(maxBytes)}`,
        );
      }
      const body = request.body as Readable | undefined;
      if (!body || typeof body.pipe !== 'function')
        throw AppError.validation('file', 'Send the file as the request body');
      const text = limitedText(body, maxBytes);
      const { delimiter, ...plan } = request.query;
      const rows = plan.format === 'json' ? jsonRows(text) : csvRows(text, { delimiter });
      try {
        return await importValues(
          db,
          { projectId: database.projectId, databaseId: database.id },
          rows,
          plan,
        );
      } catch (error) {
        if (error instanceof ImportAbortedError) throw AppError.validation('file', error.message);
        throw error;
      } finally {
        text.destroy();
        body.resume();
      }
    },
  );

  r.get(
    '/node_databases/:id/export',
    { schema: { tags: ['node_databases'], params: ZIdParams } },
    async (request, reply) => {
      const database = await visibleDatabase(db, requireUser(request), request.params.id);
      const filename = `${database.name.replace(/[^\w.-]+/g, '_') || 'database'}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(Readable.from(csvExport(db, database.id)));
    },
  );
}
