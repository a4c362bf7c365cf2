import { z } from 'zod';
import { valueTypeCodes, type TValueTypeCode } from '../catalog/catalog-types';
import { ZId, withStamps, zListQuery, zName, zText, zPatch } from './common';

export const ZNodeDatabase = withStamps({
  projectId: ZId,
  name: z.string(),
  description: z.string(),
});
export type TNodeDatabase = z.infer<typeof ZNodeDatabase>;
export const ZNodeDatabaseCreate = z.object({
  projectId: ZId,
  name: zName('Name', 100),
  description: zText('Description', 2000).default(''),
});
export const ZNodeDatabaseUpdate = zPatch(ZNodeDatabaseCreate.omit({ projectId: true }));
export const ZNodeDatabaseListQuery = zListQuery(['name', 'createdAt'], {
  projectId: ZId.optional(),
});

/** The generic resource `node_databases`: its row, the bodies it takes and its list query. */
export const nodeDatabaseSchemas = {
  row: ZNodeDatabase,
  create: ZNodeDatabaseCreate,
  update: ZNodeDatabaseUpdate,
  listQuery: ZNodeDatabaseListQuery,
};

/** Why a value is not a valid value of its type, or undefined when it is. */
export function valueTypeError(type: TValueTypeCode, value: string): string | undefined {
  switch (type) {
    case 'text':
      return undefined;
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value)) ? undefined : 'Must be a number';
    case 'boolean':
      return value === 'true' || value === 'false' ? undefined : 'Must be true or false';
    case 'json':
      try {
        JSON.parse(value);
        return undefined;
      } catch {
        return 'Must be valid JSON';
      }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) &&
        !Number.isNaN(Date.parse(value))
        ? undefined
        : 'Must be a date like 2026-01-31 or 2026-01-31T12:00:00Z';
  }
}

export const ZValueType = z.enum(valueTypeCodes, {
  error: `Type must be one of ${valueTypeCodes.join(', ')}`,
});

/** The most characters a database value holds, however it is written (form, import, node). */
export const MAX_VALUE_LENGTH = 100_000;
/** Lists show a value's first characters; its own row (`GET /database_values/{id}`) has it all. */
export const VALUE_PREVIEW_LENGTH = 1_000;

export const ZDatabaseValue = withStamps({
  projectId: ZId,
  nodeDatabaseId: ZId,
  key: z.string(),
  /** In lists, at most VALUE_PREVIEW_LENGTH characters; see `truncated`. */
  value: z.string(),
  type: z.string(),
  /** The length of the whole value, in characters. */
  valueLength: z.number().int(),
  /** True when `value` is only the value's beginning: fetch the row for all of it. */
  truncated: z.boolean(),
});
export type TDatabaseValue = z.infer<typeof ZDatabaseValue>;
const valueFields = {
  key: zName('Key', 500),
  value: zText('Value', MAX_VALUE_LENGTH),
  type: ZValueType.default('text'),
};
const checkValue = (body: { type?: TValueTypeCode; value?: string }, ctx: z.RefinementCtx) => {
  if (body.value === undefined) return;
  const error = valueTypeError(body.type ?? 'text', body.value);
  if (error) ctx.addIssue({ code: 'custom', path: ['value'], message: error });
};
export const ZDatabaseValueCreate = z
  .object({ nodeDatabaseId: ZId, ...valueFields })
  .superRefine(checkValue);
export type TDatabaseValueCreate = z.input<typeof ZDatabaseValueCreate>;
export const ZDatabaseValueUpdate = z.object({
  key: valueFields.key.optional(),
  value: valueFields.value.optional(),
  type: ZValueType.optional(),
});
export const ZDatabaseValueListQuery = zListQuery(['key', 'createdAt', 'updatedAt', 'type'], {
  projectId: ZId.optional(),
  nodeDatabaseId: ZId.optional(),
  type: ZValueType.optional(),
  key: z.string().max(500).optional(),
});

/** The largest import file the web app sends; the server's IMPORT_MAX_BYTES may be lower. */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

const ZColumn = z.string().trim().min(1, 'Name a column').max(200);

/** How to read an uploaded CSV or JSON file into a node database (the file is the request body). */
export const ZDatabaseImportQuery = z.object({
  format: z.enum(['csv', 'json'], { error: 'Format must be csv or json' }).default('csv'),
  /** Empty: detect it from the file. */
  delimiter: z
    .enum(['', ',', ';', '\t', '|'], { error: 'Delimiter must be , ; | or a tab' })
    .default(''),
  header: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** A column name (with a header row or in JSON) or a 1-based column number (without). */
  keyColumn: ZColumn.default('key'),
  valueColumn: ZColumn.default('value'),
  typeColumn: ZColumn.optional(),
  defaultType: ZValueType.default('text'),
  mode: z
    .enum(['append', 'replace'], { error: 'Mode must be append or replace' })
    .default('append'),
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type TDatabaseImportQuery = z.input<typeof ZDatabaseImportQuery>;

export const ZDatabaseImportResult = z.object({
  rowsRead: z.number(),
  imported: z.number(),
  replaced: z.number(),
  dryRun: z.boolean(),
});
export type TDatabaseImportResult = z.infer<typeof ZDatabaseImportResult>;

/** A row problem in an import's 400: `field` is `rows.<row>` or `rows.<row>.<key|value|type>`. */
export function parseImportProblem(
  field: string,
): { row: number; column: string | null } | undefined {
  const match = /^rows\.(\d+)(?:\.(\w+))?$/.exec(field);
  return match ? { row: Number(match[1]), column: match[2] ?? null } : undefined;
}

/** The generic resource `database_values`: its row, the bodies it takes and its list query. */
export const databaseValueSchemas = {
  row: ZDatabaseValue,
  create: ZDatabaseValueCreate,
  update: ZDatabaseValueUpdate,
  listQuery: ZDatabaseValueListQuery,
};
