import { index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { databaseValueTypes } from './catalog';
import { indexesOn, ownerRef, timestamps, typeRef } from './columns';
import { projectRow } from './projects';

export const nodeDatabases = pgTable(
  'node_databases',
  {
    ...projectRow(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps(),
  },
  (t) => [unique('node_databases_project_name_unique').on(t.projectId, t.name)],
);

export const databaseValues = pgTable(
  'database_values',
  {
    ...projectRow(),
    nodeDatabaseId: ownerRef('node_database_id', () => nodeDatabases.id),
    key: text('key').notNull(),
    value: text('value').notNull(),
    type: typeRef(() => databaseValueTypes.code),
    ...timestamps(),
  },
  (t) => [
    index('database_values_database_key_idx').on(t.nodeDatabaseId, t.key),
    ...indexesOn('database_values', t.projectId),
  ],
);
