import {
  valueTypeError,
  VALUE_PREVIEW_LENGTH,
  type TValueTypeCode,
  nodeDatabaseSchemas,
  databaseValueSchemas,
} from '@flowsmith/shared';
import { databaseValues, nodeDatabases } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { apiRow } from '../resources/api-row';
import { clipInfo, columnsOf } from '../resources/list-query';
import type { TDbRow, TResourceDefinition } from '../resources/resource.types';

export const nodeDatabasesResource: TResourceDefinition = {
  name: 'node_databases',
  table: nodeDatabases,
  scope: { kind: 'project' },
  schemas: nodeDatabaseSchemas,
  columns: columnsOf(nodeDatabases, 'id', 'projectId', 'name', 'createdAt'),
  defaultSort: 'name',
  searchColumns: [nodeDatabases.name, nodeDatabases.description],
  toApi: apiRow,
};

export const databaseValuesResource: TResourceDefinition = {
  name: 'database_values',
  table: databaseValues,
  scope: {
    kind: 'project',
    parent: {
      field: 'nodeDatabaseId',
      table: nodeDatabases,
      label: 'Database',
    },
  },
  schemas: databaseValueSchemas,
  columns: columnsOf(
    databaseValues,
    'id',
    'projectId',
    'nodeDatabaseId',
    'key',
    'type',
    'createdAt',
    'updatedAt',
  ),
  defaultSort: 'key',
  searchColumns: [databaseValues.key, databaseValues.value],
  clippedInLists: { value: VALUE_PREVIEW_LENGTH },
  toApi: (stored) => {
    const { row, lengths, truncated } = clipInfo(stored, ['value']);
    return { ...apiRow(row as TDbRow), valueLength: lengths.value, truncated };
  },
  /** An update may change the type or the value alone: the pair must still agree. */
  async validate(candidate) {
    const error = valueTypeError(candidate.type as TValueTypeCode, candidate.value as string);
    if (error) {
      throw new AppError('validation_error', 'The request is not valid', [
        { field: 'value', message: error },
      ]);
    }
  },
};
