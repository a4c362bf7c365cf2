import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  type ExtraConfigColumn,
  bigint,
  doublePrecision,
  foreignKey,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { nodeInputTypes, nodeOutputTypes, nodeTypes } from './catalog';
import { createdAt, indexesOn, ownerRef, typeRef, updatedAt } from './columns';
import { projectRef, projectRow } from './projects';

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
    ...projectRow(),
    type: typeRef(() => nodeTypes.kind),
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
  (t) => indexesOn('nodes', t.projectId, t.parentId, t.type),
);

export const nodeGroups = pgTable(
  'node_groups',
  {
    ...projectRow(),
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
  (t) => indexesOn('node_groups', t.projectId),
);

const handleTable = <T extends typeof nodeInputTypes | typeof nodeOutputTypes>(
  name: string,
  types: T,
) =>
  pgTable(
    name,
    {
      ...projectRow(),
      nodeId: ownerRef('node_id', () => nodes.id),
      name: text('name').notNull(),
      label: text('label').notNull().default(''),
      type: typeRef(() => types.code),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      unique(`${name}_node_name_unique`).on(t.nodeId, t.name),
      ...indexesOn(name, t.projectId),
    ],
  );

export const nodeInputs = handleTable('node_inputs', nodeInputTypes);
export const nodeOutputs = handleTable('node_outputs', nodeOutputTypes);

/**
 * A connection's end is an existing handle (an output at its source, an input at its target):
 * renaming the handle renames it here, and deleting the handle or its node deletes the connection.
 */
const handleEnd = (
  end: 'source' | 'target',
  columns: [ExtraConfigColumn, ExtraConfigColumn],
  handles: typeof nodeInputs | typeof nodeOutputs,
) =>
  foreignKey({
    name: `node_connections_${end}_handle_fk`,
    columns,
    foreignColumns: [handles.nodeId, handles.name],
  })
    .onDelete('cascade')
    .onUpdate('cascade');

export const nodeConnections = pgTable(
  'node_connections',
  {
    ...projectRow(),
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
    handleEnd('source', [t.source, t.sourceHandle], nodeOutputs),
    handleEnd('target', [t.target, t.targetHandle], nodeInputs),
    unique('node_connections_ends_unique').on(t.source, t.sourceHandle, t.target, t.targetHandle),
    ...indexesOn('node_connections', t.projectId, t.source, t.target),
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
