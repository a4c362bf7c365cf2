/**
 * The preview of a file about to be imported, parsed in the browser from its beginning, and
 * the column choices it offers. Rows are numbered the way the server's error report numbers
 * them (CSV: records counted from 1 with the header as row 1, blank lines skipped; JSON: array
 * elements from 1), so a problem's row can be found in the preview.
 */
import Papa from 'papaparse';
import type { TColumnMapping, TDelimiter, TImportFormat } from './import-options';

/** Bytes read for a CSV preview; plenty for 20 rows of anything sensible. */
export const PREVIEW_BYTES = 64 * 1024;
export const PREVIEW_ROWS = 20;
/** A JSON array cannot be parsed from a slice, so only files up to this size are previewed. */
export const JSON_PREVIEW_MAX_BYTES = 5 * 1024 * 1024;

export type TPreviewColumn = {
  /** What the import query names the column by: header name, JSON property, or 1-based number. */
  value: string;
  label: string;
};

export type TPreview = {
  columns: TPreviewColumn[];
  rows: Array<{ row: number; cells: string[] }>;
  /** The delimiter papaparse found, when asked to detect it. */
  detectedDelimiter?: string;
  /** Something the user should know about the preview (cut short, not an array…). */
  note?: string;
};

export type TPreviewSource = {
  text: string;
  /** The text is only the beginning of the file. */
  partial: boolean;
  format: TImportFormat;
  delimiter: TDelimiter;
  header: boolean;
};

/** A cell as the server reads it: objects as JSON, nothing as empty. */
export function cellOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const numbered = (count: number): TPreviewColumn[] =>
  Array.from({ length: count }, (_, index) => ({
    value: String(index + 1),
    label: `Column ${index + 1}`,
  }));

function csvPreview(source: TPreviewSource): TPreview {
  const wanted = PREVIEW_ROWS + (source.header ? 1 : 0);
  const parsed = Papa.parse<string[]>(source.text, {
    delimiter: source.delimiter === 'auto' ? '' : source.delimiter,
    preview: wanted,
    skipEmptyLines: 'greedy',
  });
  let records = parsed.data;
  // A slice that ended before the preview filled up cut its last record in two.
  if (source.partial && records.length < wanted) records = records.slice(0, -1);
  let columns: TPreviewColumn[];
  let firstRow = 1;
  if (source.header) {
    const names = (records[0] ?? []).map((name) => name.trim());
    if (names[0]) names[0] = names[0].replace(/^\uFEFF/, '');
    columns = names.map((name) => ({ value: name, label: name || '(unnamed)' }));
    records = records.slice(1);
    firstRow = 2;
  } else {
    columns = numbered(Math.max(0, ...records.map((record) => record.length)));
  }
  return {
    columns,
    rows: records.map((cells, index) => ({ row: firstRow + index, cells })),
    detectedDelimiter: parsed.meta.delimiter,
    note: records.length === 0 ? 'No rows to show from the beginning of the file.' : undefined,
  };
}

function jsonPreview(source: TPreviewSource): TPreview {
  const empty = (note: string): TPreview => ({ columns: [], rows: [], note });
  if (source.partial) {
    return empty('The file is too large to preview; type the column names in the mapping.');
  }
  let data: unknown;
  try {
    data = JSON.parse(source.text);
  } catch (error) {
    return empty(`The file is not valid JSON: ${error instanceof Error ? error.message : ''}`);
  }
  if (!Array.isArray(data)) return empty('The file must hold a JSON array of objects.');
  const items = data.slice(0, PREVIEW_ROWS) as unknown[];
  const isRecord = (item: unknown): item is Record<string, unknown> =>
    typeof item === 'object' && item !== null && !Array.isArray(item);
  // Objects are read by property; arrays and bare values by position, as the server does.
  if (items.length > 0 && items.every(isRecord)) {
    const names = [...new Set(items.flatMap((item) => Object.keys(item)))];
    return {
      columns: names.map((name) => ({ value: name, label: name })),
      rows: items.map((item, index) => ({
        row: index + 1,
        cells: names.map((n) => cellOf(item[n])),
      })),
    };
  }
  const arrays = items.map((item) => (Array.isArray(item) ? (item as unknown[]) : [item]));
  return {
    columns: numbered(Math.max(0, ...arrays.map((cells) => cells.length))),
    rows: arrays.map((cells, index) => ({ row: index + 1, cells: cells.map(cellOf) })),
    note: items.length === 0 ? 'The array is empty.' : undefined,
  };
}

export function buildPreview(source: TPreviewSource): TPreview {
  return source.format === 'json' ? jsonPreview(source) : csvPreview(source);
}

const findColumn = (columns: TPreviewColumn[], pattern: RegExp) =>
  columns.find((column) => pattern.test(column.value))?.value;

/**
 * A first guess at the mapping: columns named like key, value and type, else the first two
 * columns in order. The user can change each choice.
 */
export function guessMapping(columns: TPreviewColumn[]): TColumnMapping {
  const key = findColumn(columns, /^(key|name|id)$/i) ?? columns[0]?.value ?? '';
  const value =
    findColumn(columns, /^(value|val|data|content)$/i) ??
    columns.find((column) => column.value !== key)?.value ??
    '';
  const type = findColumn(columns, /^(type|value_?type)$/i) ?? '';
  return { keyColumn: key, valueColumn: value, typeColumn: type };
}
