import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import type { THandleDefinition } from '@flowsmith/shared';
import { id, jsonList, ownerRef, timestamps, typeRef } from './columns';

// Type tables are referenced by their code, so API rows carry readable codes ("text", "json").
const typeTable = (name: string) =>
  pgTable(name, {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps(),
  });

export const nodeTypeParamTypes = typeTable('node_type_param_types');
export const nodeInputTypes = typeTable('node_input_types');
export const nodeOutputTypes = typeTable('node_output_types');
export const databaseValueTypes = typeTable('database_value_types');

export const nodeTypes = pgTable('node_types', {
  id: id(),
  kind: text('kind').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  icon: text('icon').notNull().default('pi pi-box'),
  color: text('color').notNull().default('#64748b'),
  category: text('category').notNull().default('other'),
  isGroup: boolean('is_group').notNull().default(false),
  runnable: boolean('runnable').notNull().default(false),
  inputs: jsonList<THandleDefinition>('inputs'),
  outputs: jsonList<THandleDefinition>('outputs'),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps(),
});

export const nodeTypeParams = pgTable(
  'node_type_params',
  {
    id: id(),
    nodeTypeId: ownerRef('node_type_id', () => nodeTypes.id),
    name: text('name').notNull(),
    label: text('label').notNull(),
    type: typeRef(() => nodeTypeParamTypes.code),
    required: boolean('required').notNull().default(false),
    defaultValue: jsonb('default_value').$type<string | number | boolean | null>(),
    options: jsonb('options').$type<string[]>(),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [unique('node_type_params_type_name_unique').on(t.nodeTypeId, t.name)],
);
