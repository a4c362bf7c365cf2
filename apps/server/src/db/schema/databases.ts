import { index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { databaseValueTypes } from './catalog';
import { id, ownerRef, timestamps } from './columns';
import { projectRef } from './projects';

export const nodeDatabases = pgTable(
  'node_databases',
  {
    id: id(),
    projectId: projectRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps(),
  },
  (t) => [unique('node_databases_project_name_unique').on(t.projectId, t.name)],
);

export const databaseValues = pgTable(
  'database_values',
  {
    id: id(),
    projectId: projectRef(),
    nodeDatabaseId: ownerRef('node_database_id', () => nodeDatabases.id),
    key: text('key').notNull(),
    value: text('value').notNull(),
    type: text('type')
      .notNull()
      .references(() => databaseValueTypes.code, { onUpdate: 'cascade' }),
    ...timestamps(),
  },
  (t) => [
    index('database_values_database_key_idx').on(t.nodeDatabaseId, t.key),
    index('database_values_project_id_idx').on(t.projectId),
  ],
);
