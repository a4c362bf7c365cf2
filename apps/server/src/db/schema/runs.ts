import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { runStatuses, type TParamsSnapshot } from '@flowsmith/shared';
import { users } from './auth';
import { nodeGroups } from './canvas';
import { customAis } from './custom-ais';
import { createdAt, id, indexesOn, moment, ownerRef, updatedAt } from './columns';
import { projectRow } from './projects';
import { groupVersions } from './publishing';

export const runs = pgTable(
  'runs',
  {
    ...projectRow(),
    nodeGroupId: uuid('node_group_id').references(() => nodeGroups.id, { onDelete: 'set null' }),
    /** A run of a group's published version: it executes that frozen copy, not the canvas. */
    groupVersionId: uuid('group_version_id').references(() => groupVersions.id, {
      onDelete: 'set null',
    }),
    /** A run of one node with what it depends on; neither this nor a group means the whole canvas. */
    nodeId: uuid('node_id'),
    /** A custom AI that answers for the run's AI processors that name none themselves. */
    customAiId: uuid('custom_ai_id').references(() => customAis.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: runStatuses }).notNull().default('queued'),
    inputs: jsonb('inputs')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    outputs: jsonb('outputs')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    error: text('error'),
    /**
     * Each node's params when the run was created, by node id, so a past run shows what it ran
     * with after the canvas has moved on; null on runs stored before it was kept.
     */
    paramsSnapshot: jsonb('params_snapshot').$type<TParamsSnapshot>(),
    /** The sequence number of the last progress event, so a reconnecting client asks for the rest. */
    seq: integer('seq').notNull().default(0),
    /** The process executing the run; it renews `leaseExpiresAt` while it lives. */
    leaseOwner: text('lease_owner'),
    /** Once past, the run's process is taken for gone and recovery may end the run. */
    leaseExpiresAt: moment('lease_expires_at'),
    /** Set by a cancel of a running run; its process stops it (told by a notification). */
    cancelRequestedAt: moment('cancel_requested_at'),
    startedAt: moment('started_at'),
    finishedAt: moment('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('runs_project_created_idx').on(t.projectId, t.createdAt),
    ...indexesOn('runs', t.nodeGroupId, t.status),
  ],
);

export const runNodeStates = pgTable(
  'run_node_states',
  {
    id: id(),
    runId: ownerRef('run_id', () => runs.id),
    // No foreign key: a run's history outlives later edits of the canvas.
    nodeId: uuid('node_id').notNull(),
    status: text('status', { enum: runStatuses }).notNull().default('queued'),
    output: jsonb('output'),
    error: text('error'),
    startedAt: moment('started_at'),
    finishedAt: moment('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('run_node_states_run_node_unique').on(t.runId, t.nodeId)],
);

/** Every progress event of a run, numbered, so a client that reconnects can ask for what it missed. */
export const runEvents = pgTable(
  'run_events',
  {
    id: id(),
    runId: ownerRef('run_id', () => runs.id),
    seq: integer('seq').notNull(),
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('run_events_run_seq_unique').on(t.runId, t.seq)],
);
