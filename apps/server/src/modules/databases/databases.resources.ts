import {
  ZDatabaseValue,
  ZDatabaseValueCreate,
  ZDatabaseValueListQuery,
  ZDatabaseValueUpdate,
  ZNodeDatabase,
  ZNodeDatabaseCreate,
  ZNodeDatabaseListQuery,
  ZNodeDatabaseUpdate,
  valueTypeError,
  type TValueTypeCode,
} from '@flowsmith/shared';
import { databaseValues, nodeDatabases } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { apiRow } from '../resources/api-row';
import type { TResourceDefinition } from '../resources/resource.types';

export const nodeDatabasesResource: TResourceDefinition = {
  name: 'node_databases',
  table: nodeDatabases,
  scope: { kind: 'project' },
  schemas: {
    row: ZNodeDatabase,
    create: ZNodeDatabaseCreate,
    update: ZNodeDatabaseUpdate,
    listQuery: ZNodeDatabaseListQuery,
  },
  columns: {
    id: nodeDatabases.id,
    projectId: nodeDatabases.projectId,
    name: nodeDatabases.name,
    createdAt: nodeDatabases.createdAt,
  },
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
  schemas: {
    row: ZDatabaseValue,
    create: ZDatabaseValueCreate,
    update: ZDatabaseValueUpdate,
    listQuery: ZDatabaseValueListQuery,
  },
  columns: {
    id: databaseValues.id,
    projectId: databaseValues.projectId,
    nodeDatabaseId: databaseValues.nodeDatabaseId,
    key: databaseValues.key,
    type: databaseValues.type,
    createdAt: databaseValues.createdAt,
    updatedAt: databaseValues.updatedAt,
  },
  defaultSort: 'key',
  searchColumns: [databaseValues.key, databaseValues.value],
  toApi: apiRow,
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
