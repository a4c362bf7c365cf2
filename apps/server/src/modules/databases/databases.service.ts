import { Readable } from 'node:stream';
import Papa from 'papaparse';
import type { TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { nodeDatabases } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { noteDatabaseImport } from '../home/home.service';
import { projectAccess } from '../projects/project-access';
import { neutraliseFormula } from './csv-formulas';
import { valuesPage } from './databases.repo';
import { csvRows, describeSize, ImportAbortedError, jsonRows, limitedText } from './import-sources';
import { importValues, type TImportPlan } from './value-import';

const EXPORT_PAGE = 1_000;

const databaseNotFound = () => new AppError('not_found', 'Database not found');

/**
 * The values of a database as CSV, read page by page so memory stays flat; cells a spreadsheet
 * would run as formulas go out as text.
 */
async function* csvExport(db: TDb, databaseId: string): AsyncGenerator<string> {
  yield `${Papa.unparse([['key', 'value', 'type']])}\r\n`;
  let after: { key: string; id: string } | undefined;
  for (;;) {
    const page = await valuesPage(db, databaseId, after, EXPORT_PAGE);
    if (page.length === 0) return;
    const rows = page.map((v) => [v.key, v.value, v.type].map(neutraliseFormula));
    yield `${Papa.unparse(rows)}\r\n`;
    const last = page.at(-1)!;
    after = { key: last.key, id: last.id };
  }
}

/** A database's values as a CSV file, for members of its project. */
export async function exportDatabase(db: TDb, user: TUser, id: string) {
  const database = await projectAccess.row(db, user, nodeDatabases, id, 'viewer', databaseNotFound);
  return {
    filename: `${database.name.replace(/[^\w.-]+/g, '_') || 'database'}.csv`,
    body: Readable.from(csvExport(db, database.id)),
  };
}

type TUpload = {
  body: unknown;
  /** The size the client declared, if any. */
  declaredBytes: number;
  maxBytes: number;
};

/**
 * Imports a CSV or JSON file, read as a stream from the request body, into a database; editors
 * only. The whole import holds or none of it does.
 */
export async function importDatabase(
  db: TDb,
  user: TUser,
  id: string,
  upload: TUpload,
  { delimiter, ...plan }: TImportPlan & { delimiter: string },
) {
  const database = await projectAccess.row(db, user, nodeDatabases, id, 'editor', databaseNotFound);
  if (upload.declaredBytes > upload.maxBytes) {
    throw new AppError(
      'payload_too_large',
      `The file is larger than ${describeSize(upload.maxBytes)}`,
    );
  }
  const body = upload.body as Readable | undefined;
  if (!body || typeof body.pipe !== 'function')
    throw AppError.validation('file', 'Send the file as the request body');
  const text = limitedText(body, upload.maxBytes);
  const rows = plan.format === 'json' ? jsonRows(text) : csvRows(text, { delimiter });
  try {
    const report = await importValues(
      db,
      { projectId: database.projectId, databaseId: database.id },
      rows,
      plan,
    );
    if (!plan.dryRun) await noteDatabaseImport(db, user);
    return report;
  } catch (error) {
    if (error instanceof ImportAbortedError) throw AppError.validation('file', error.message);
    throw error;
  } finally {
    text.destroy();
    body.resume();
  }
}
