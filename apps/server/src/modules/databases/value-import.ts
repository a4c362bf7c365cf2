import {
  MAX_VALUE_LENGTH,
  valueTypeCodes,
  valueTypeError,
  type TDatabaseImportResult,
  type TFieldError,
  type TValueTypeCode,
} from '@flowsmith/shared';
import { inTransaction, type TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { deleteValues, insertValues, type TValueInsert } from './databases.repo';
import { restoreFormula } from './csv-formulas';
import type { TSourceRow } from './import-sources';

const BATCH = 1_000;
const MAX_REPORTED = 1_000;
const MAX_KEY = 500;
// The value form's own limit (ZDatabaseValueCreate), so no path stores a longer value.
const valueTooLongMessage = `The value is longer than ${MAX_VALUE_LENGTH.toLocaleString('en-US')} characters`;

export type TImportPlan = {
  format: 'csv' | 'json';
  header: boolean;
  keyColumn: string;
  valueColumn: string;
  typeColumn?: string | undefined;
  defaultType: TValueTypeCode;
  mode: 'append' | 'replace';
  dryRun: boolean;
};

/** Raised to roll the import back: the report names every bad row (up to a limit). */
export class ImportRejectedError extends AppError {
  constructor(errorCount: number, rowsRead: number, details: TFieldError[]) {
    super(
      'validation_error',
      `${errorCount} of ${rowsRead} ${rowsRead === 1 ? 'row' : 'rows'} ${errorCount === 1 ? 'has' : 'have'} problems; nothing was imported`,
      details,
    );
  }
}

const asText = (value: unknown) =>
  value === undefined || value === null
    ? ''
    : typeof value === 'string'
      ? value
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/** Reads a column by header name, 1-based number, or JSON property. */
function columnReader(plan: TImportPlan, header: string[] | undefined) {
  return (fields: TSourceRow['fields'], column: string): unknown => {
    if (!Array.isArray(fields)) return fields[column];
    if (header) return fields[header.indexOf(column)];
    return fields[Number(column) - 1];
  };
}

function checkColumns(plan: TImportPlan, header: string[] | undefined) {
  const problems: TFieldError[] = [];
  const wanted: Array<[string, string | undefined]> = [
    ['keyColumn', plan.keyColumn],
    ['valueColumn', plan.valueColumn],
    ['typeColumn', plan.typeColumn],
  ];
  for (const [field, column] of wanted) {
    if (!column) continue;
    if (plan.format === 'csv' && header && !header.includes(column)) {
      problems.push({
        field,
        message: `No column named "${column}"; the file has ${header.map((h) => `"${h}"`).join(', ')}`,
      });
    }
    if (plan.format === 'csv' && !plan.header && !/^[1-9]\d*$/.test(column)) {
      problems.push({ field, message: 'Without a header row, give a column number (1, 2, …)' });
    }
  }
  if (problems.length)
    throw new AppError('validation_error', 'The column mapping does not fit the file', problems);
}

/**
 * Imports rows into a node database in one transaction: every row is checked (key, type, value
 * against its type); one bad row, an interrupted upload or any failure rolls everything back,
 * with a report of every bad row. Rows are inserted in batches while the file streams in.
 */
export async function importValues(
  db: TDb,
  target: { projectId: string; databaseId: string },
  rows: AsyncIterable<TSourceRow>,
  plan: TImportPlan,
): Promise<TDatabaseImportResult> {
  return inTransaction(db, async (tx) => {
    const replace = plan.mode === 'replace' && !plan.dryRun;
    const replaced = replace ? await deleteValues(tx, target.databaseId) : 0;
    let header: string[] | undefined;
    let read = columnReader(plan, undefined);
    let rowsRead = 0;
    let imported = 0;
    let errorCount = 0;
    const problems: TFieldError[] = [];
    let batch: TValueInsert[] = [];
    const flush = async () => {
      if (batch.length && errorCount === 0 && !plan.dryRun) {
        await insertValues(tx, batch);
        imported += batch.length;
      }
      batch = [];
    };
    const problem = (field: string, message: string) => {
      if (problems.length < MAX_REPORTED) problems.push({ field, message });
    };

    for await (const { row, fields } of rows) {
      if (plan.format === 'csv' && plan.header && !header) {
        // A BOM before the first column name is left there by the editor that saved the file.
        header = (fields as unknown[]).map((name) => asText(name).trim());
        header[0] = header[0]!.replace(/^\uFEFF/, '');
        checkColumns(plan, header);
        read = columnReader(plan, header);
        continue;
      }
      if (!header && rowsRead === 0) checkColumns(plan, undefined);
      rowsRead += 1;
      let bad = false;
      if (header && Array.isArray(fields) && fields.length !== header.length) {
        problem(`rows.${row}`, `Expected ${header.length} columns, found ${fields.length}`);
        bad = true;
      } else {
        const cell = (column: string) => {
          const text = asText(read(fields, column));
          return plan.format === 'csv' ? restoreFormula(text) : text;
        };
        const key = cell(plan.keyColumn).trim();
        const value = cell(plan.valueColumn);
        const rawType = plan.typeColumn
          ? asText(read(fields, plan.typeColumn)).trim().toLowerCase()
          : '';
        const type = (rawType || plan.defaultType) as TValueTypeCode;
        if (!key) {
          problem(`rows.${row}.key`, 'The key is empty');
          bad = true;
        } else if (key.length > MAX_KEY) {
          problem(`rows.${row}.key`, `The key is longer than ${MAX_KEY} characters`);
          bad = true;
        }
        if (!valueTypeCodes.includes(type)) {
          problem(
            `rows.${row}.type`,
            `Unknown type "${rawType}": use ${valueTypeCodes.join(', ')}`,
          );
          bad = true;
        } else if (value.length > MAX_VALUE_LENGTH) {
          problem(`rows.${row}.value`, valueTooLongMessage);
          bad = true;
        } else {
          const invalid = valueTypeError(type, value);
          if (invalid) {
            problem(`rows.${row}.value`, invalid);
            bad = true;
          } else if (value.includes('\u0000') || key.includes('\u0000')) {
            problem(`rows.${row}`, 'Text may not contain NUL characters');
            bad = true;
          }
        }
        if (!bad)
          batch.push({
            projectId: target.projectId,
            nodeDatabaseId: target.databaseId,
            key,
            value,
            type,
          });
      }
      if (bad) errorCount += 1;
      if (batch.length >= BATCH) await flush();
    }
    if (rowsRead === 0)
      throw AppError.validation(
        'file',
        header ? 'The file has a header row but no data' : 'The file is empty',
      );
    await flush();
    if (errorCount > 0) throw new ImportRejectedError(errorCount, rowsRead, problems);
    return { rowsRead, imported, replaced, dryRun: plan.dryRun };
  });
}
