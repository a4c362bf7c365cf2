import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  doublePrecision,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { nodeInputTypes, nodeOutputTypes, nodeTypes } from './catalog';
import { createdAt, id, ownerRef, updatedAt } from './columns';
import { projectRef } from './projects';

export type TNodeData = { title: string; params: Record<string, unknown> };

/**
 * The version of each field a member can change on its own (`title`, `params.<key>`, `layout`,
 * …): a write based on an older version of a field it changes is refused (see field-versions.ts).
 */
const versions = () =>
  jsonb('versions')
    .$type<Record<string, number>>()
    .notNull()
    .default(sql`'{}'::jsonb`);

export const nodes = pgTable(
  'nodes',
  {
    id: id(),
    projectId: projectRef(),
    type: text('type')
      .notNull()
      .references(() => nodeTypes.kind, { onUpdate: 'cascade' }),
    positionX: doublePrecision('position_x').notNull().default(0),
    positionY: doublePrecision('position_y').notNull().default(0),
    data: jsonb('data').$type<TNodeData>().notNull(),
    width: doublePrecision('width'),
    height: doublePrecision('height'),
    // Children go with their group.
    parentId: uuid('parent_id').references((): AnyPgColumn => nodes.id, { onDelete: 'cascade' }),
    versions: versions(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('nodes_project_id_idx').on(t.projectId),
    index('nodes_parent_id_idx').on(t.parentId),
    index('nodes_type_idx').on(t.type),
  ],
);

export const nodeGroups = pgTable(
  'node_groups',
  {
    id: id(),
    projectId: projectRef(),
    nodeId: uuid('node_id')
      .notNull()
      .unique()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    settings: jsonb('settings')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    versions: versions(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('node_groups_project_id_idx').on(t.projectId)],
);

const handleTable = <T extends typeof nodeInputTypes | typeof nodeOutputTypes>(
  name: string,
  types: T,
) =>
  pgTable(
    name,
    {
      id: id(),
      projectId: projectRef(),
      nodeId: ownerRef('node_id', () => nodes.id),
      name: text('name').notNull(),
      label: text('label').notNull().default(''),
      type: text('type')
        .notNull()
        .references(() => types.code, { onUpdate: 'cascade' }),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      unique(`${name}_node_name_unique`).on(t.nodeId, t.name),
      index(`${name}_project_id_idx`).on(t.projectId),
    ],
  );

export const nodeInputs = handleTable('node_inputs', nodeInputTypes);
export const nodeOutputs = handleTable('node_outputs', nodeOutputTypes);

export const nodeConnections = pgTable(
  'node_connections',
  {
    id: id(),
    projectId: projectRef(),
    source: uuid('source').notNull(),
    target: uuid('target').notNull(),
    sourceHandle: text('source_handle').notNull(),
    targetHandle: text('target_handle').notNull(),
    label: text('label').notNull().default(''),
    type: text('type').notNull().default('button'),
    versions: versions(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A connection joins an existing output to an existing input: renaming a handle renames it
    // here, and deleting a handle or its node deletes the connection.
    foreignKey({
      name: 'node_connections_source_handle_fk',
      columns: [t.source, t.sourceHandle],
      foreignColumns: [nodeOutputs.nodeId, nodeOutputs.name],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'node_connections_target_handle_fk',
      columns: [t.target, t.targetHandle],
      foreignColumns: [nodeInputs.nodeId, nodeInputs.name],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    unique('node_connections_ends_unique').on(t.source, t.sourceHandle, t.target, t.targetHandle),
    index('node_connections_project_id_idx').on(t.projectId),
    index('node_connections_source_idx').on(t.source),
    index('node_connections_target_idx').on(t.target),
  ],
);

/**
 * Every canvas write of a project as published on `project:{id}`, under the project's next
 * offset, so a client that was away can ask for what it missed. Old ones are pruned.
 */
export const canvasPublications = pgTable(
  'canvas_publications',
  {
    projectId: projectRef(),
    offset: bigint('offset', { mode: 'number' }).notNull(),
    data: jsonb('data').notNull(),
    info: jsonb('info').$type<Record<string, unknown>>().notNull(),
    tags: jsonb('tags').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.offset] })],
);
