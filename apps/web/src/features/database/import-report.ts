/**
 * The per-row error report of a refused import, from the 400's `details`: each names a row
 * (`rows.5`, `rows.5.value`) or a setting of the form (`keyColumn`, `file`).
 */
import Papa from 'papaparse';
import { parseImportProblem, type TFieldError } from '@flowsmith/shared';

/** The server lists at most this many problems; a full list means there may be more. */
export const MAX_REPORTED_PROBLEMS = 1_000;

export type TReportRow = {
  /** The row as the server counts it; null for a problem with the file or the mapping. */
  row: number | null;
  /** Which part of the row or form: `key`, `value`, `type`, `Key column`…; null for the whole row. */
  column: string | null;
  message: string;
};

const settingNames: Record<string, string> = {
  keyColumn: 'Key column',
  valueColumn: 'Value column',
  typeColumn: 'Type column',
  file: 'File',
  format: 'Format',
  delimiter: 'Delimiter',
  header: 'Header row',
  defaultType: 'Default type',
  mode: 'Mode',
};

export function reportRows(details: readonly TFieldError[]): TReportRow[] {
  return details.map(({ field, message }) => {
    const problem = parseImportProblem(field);
    if (problem) return { row: problem.row, column: problem.column, message };
    return { row: null, column: settingNames[field] ?? field, message };
  });
}

/** The server stops listing after its limit, so the report says it is not everything. */
export const isCapped = (details: readonly unknown[]) => details.length >= MAX_REPORTED_PROBLEMS;

/** The report as a CSV file, for fixing the rows in a spreadsheet. */
export function reportCsv(rows: readonly TReportRow[]): string {
  return Papa.unparse({
    fields: ['row', 'column', 'problem'],
    data: rows.map((row) => [row.row ?? '', row.column ?? '', row.message]),
  });
}

/** The server's message, saying plainly that the import left the database as it was. */
export function nothingImported(message: string): string {
  if (/nothing was imported/i.test(message)) return message;
  const sentence = /[.!?…]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
  return `${sentence} Nothing was imported.`;
}
