/**
 * What the import form sends: how to read the file and which columns hold the key, value and
 * type. Turned into the query string of `POST /api/node_databases/:id/import`.
 */
import type { TValueTypeCode } from '@flowsmith/shared';

export type TImportFormat = 'csv' | 'json';
/** `auto` lets the server (and the preview) detect the delimiter from the file. */
export type TDelimiter = 'auto' | ',' | ';' | '\t' | '|';
export type TImportMode = 'append' | 'replace';

export type TColumnMapping = {
  keyColumn: string;
  valueColumn: string;
  /** Empty: every row gets `defaultType`. */
  typeColumn: string;
};

export type TImportOptions = TColumnMapping & {
  format: TImportFormat;
  delimiter: TDelimiter;
  /** CSV only: the first row names the columns. */
  header: boolean;
  defaultType: TValueTypeCode;
  mode: TImportMode;
};

export const DELIMITER_OPTIONS: ReadonlyArray<{ label: string; value: TDelimiter }> = [
  { label: 'Detect', value: 'auto' },
  { label: 'Comma ,', value: ',' },
  { label: 'Semicolon ;', value: ';' },
  { label: 'Tab', value: '\t' },
  { label: 'Pipe |', value: '|' },
];

export const DEFAULT_IMPORT_OPTIONS: TImportOptions = {
  format: 'csv',
  delimiter: 'auto',
  header: true,
  keyColumn: 'key',
  valueColumn: 'value',
  typeColumn: '',
  defaultType: 'text',
  mode: 'append',
};

/** `.json` files are JSON; `.csv`, `.txt` and anything else are read as delimited text. */
export function formatFromFileName(name: string): TImportFormat {
  return /\.json$/i.test(name.trim()) ? 'json' : 'csv';
}

/** The upload's Content-Type; the server reads the body as a stream either way. */
export function contentTypeOf(format: TImportFormat): string {
  return format === 'json' ? 'application/json' : 'text/csv';
}

/**
 * The import's query string. Column names are trimmed (the server trims them too); CSV-only
 * settings are left out for JSON, and an empty type column means "use the default type".
 */
export function importQueryString(options: TImportOptions, dryRun: boolean): string {
  const query = new URLSearchParams({ format: options.format });
  if (options.format === 'csv') {
    query.set('delimiter', options.delimiter === 'auto' ? '' : options.delimiter);
    query.set('header', String(options.header));
  }
  query.set('keyColumn', options.keyColumn.trim());
  query.set('valueColumn', options.valueColumn.trim());
  const typeColumn = options.typeColumn.trim();
  if (typeColumn) query.set('typeColumn', typeColumn);
  query.set('defaultType', options.defaultType);
  query.set('mode', options.mode);
  query.set('dryRun', String(dryRun));
  return query.toString();
}

/** Why the form cannot be sent yet, or undefined when it can. */
export function mappingProblem(options: TImportOptions): string | undefined {
  const key = options.keyColumn.trim();
  const value = options.valueColumn.trim();
  if (!key) return 'Choose the column that holds the keys.';
  if (!value) return 'Choose the column that holds the values.';
  if (options.format === 'csv' && !options.header) {
    const numbered = [key, value, options.typeColumn.trim()].filter(Boolean);
    if (numbered.some((column) => !/^[1-9]\d*$/.test(column))) {
      return 'Without a header row, columns are chosen by number (1, 2, …).';
    }
  }
  return undefined;
}

/** A file size as people read it: `812 B`, `64 KB`, `12.5 MB`. */
export function fileSize(bytes: number): string {
  const round = (value: number) => Math.round(value * 10) / 10;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${round(bytes / 1024)} KB`;
  return `${round(bytes / 1024 / 1024)} MB`;
}
