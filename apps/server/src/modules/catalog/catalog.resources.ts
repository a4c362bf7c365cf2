import {
  ZCatalogType,
  ZCatalogTypeListQuery,
  ZCatalogTypeUpdate,
  ZNodeType,
  ZNodeTypeListQuery,
  ZNodeTypeParam,
  ZNodeTypeParamListQuery,
  ZNodeTypeParamUpdate,
  ZNodeTypeUpdate,
} from '@flowsmith/shared';
import {
  databaseValueTypes,
  nodeInputTypes,
  nodeOutputTypes,
  nodeTypeParams,
  nodeTypeParamTypes,
  nodeTypes,
} from '../../db/schema/index';
import { apiRow } from '../resources/api-row';
import { columnsOf } from '../resources/list-query';
import type { TResourceDefinition } from '../resources/resource.types';

// Rows generated from the node catalog in code on every start (db/seed-catalog.ts): their texts
// may be reworded, but nothing is created or removed over the API.
const textsOnly = { create: false, update: true, remove: false };

const typeResource = (name: string, table: typeof nodeTypeParamTypes): TResourceDefinition => ({
  name,
  table,
  scope: { kind: 'catalog' },
  writes: textsOnly,
  schemas: {
    row: ZCatalogType,
    update: ZCatalogTypeUpdate,
    listQuery: ZCatalogTypeListQuery,
  },
  columns: columnsOf(table, 'id', 'code', 'name', 'createdAt'),
  defaultSort: 'code',
  searchColumns: [table.code, table.name],
  toApi: apiRow,
});

export const catalogResources: TResourceDefinition[] = [
  typeResource('node_type_param_types', nodeTypeParamTypes),
  typeResource('node_input_types', nodeInputTypes),
  typeResource('node_output_types', nodeOutputTypes),
  typeResource('database_value_types', databaseValueTypes),
  {
    name: 'node_types',
    table: nodeTypes,
    scope: { kind: 'catalog' },
    writes: textsOnly,
    schemas: {
      row: ZNodeType,
      update: ZNodeTypeUpdate,
      listQuery: ZNodeTypeListQuery,
    },
    columns: columnsOf(nodeTypes, 'id', 'kind', 'name', 'category', 'sortOrder'),
    defaultSort: 'sortOrder',
    searchColumns: [nodeTypes.kind, nodeTypes.name],
    toApi: apiRow,
  },
  {
    name: 'node_type_params',
    table: nodeTypeParams,
    scope: { kind: 'catalog' },
    writes: textsOnly,
    schemas: {
      row: ZNodeTypeParam,
      update: ZNodeTypeParamUpdate,
      listQuery: ZNodeTypeParamListQuery,
    },
    columns: columnsOf(nodeTypeParams, 'id', 'nodeTypeId', 'name', 'type', 'sortOrder'),
    defaultSort: 'sortOrder',
    searchColumns: [nodeTypeParams.name, nodeTypeParams.label],
    toApi: apiRow,
  },
];
