import { integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { appAccessModes, type TGraphDocument } from '@flowsmith/shared';
import { users } from './auth';
import { nodeGroups } from './canvas';
import { createdAt, indexesOn, jsonList, ownerRef, timestamps } from './columns';
import { projectRef, projectRow } from './projects';

/**
 * A frozen copy of a runnable group (its node and everything inside it, as a workflow file),
 * numbered per group. Published use runs a version, never the draft on the canvas.
 */
export const groupVersions = pgTable(
  'group_versions',
  {
    ...projectRow(),
    nodeGroupId: ownerRef('node_group_id', () => nodeGroups.id),
    number: integer('number').notNull(),
    graph: jsonb('graph').$type<TGraphDocument>().notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('group_versions_group_number_unique').on(t.nodeGroupId, t.number),
    ...indexesOn('group_versions', t.projectId),
  ],
);

/** A group's published version and how it is reached: its app's slug, access and embedding sites. */
export const groupPublications = pgTable(
  'group_publications',
  {
    nodeGroupId: uuid('node_group_id')
      .primaryKey()
      .references(() => nodeGroups.id, { onDelete: 'cascade' }),
    projectId: projectRef(),
    versionId: ownerRef('version_id', () => groupVersions.id),
    slug: text('slug').notNull().unique(),
    access: text('access', { enum: appAccessModes }).notNull().default('members'),
    allowedOrigins: jsonList<string>('allowed_origins'),
    ...timestamps(),
  },
  (t) => indexesOn('group_publications', t.projectId),
);
