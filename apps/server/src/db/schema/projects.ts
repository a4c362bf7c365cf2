import { bigint, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { projectRoles } from '@flowsmith/shared';
import { userRef, users } from './auth';
import { id, indexesOn, ownerRef, timestamps } from './columns';

export const projects = pgTable('projects', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** The offset of the canvas's last publication (see canvas_publications). */
  canvasOffset: bigint('canvas_offset', { mode: 'number' }).notNull().default(0),
  ...timestamps(),
});

export const projectUsers = pgTable(
  'project_users',
  {
    id: id(),
    projectId: ownerRef('project_id', () => projects.id),
    userId: userRef(),
    role: text('role', { enum: projectRoles }).notNull(),
    ...timestamps(),
  },
  (t) => [
    unique('project_users_project_user_unique').on(t.projectId, t.userId),
    ...indexesOn('project_users', t.userId),
  ],
);

/** A project-scoped table's link to its project: deleting the project deletes its rows. */
export const projectRef = () => ownerRef('project_id', () => projects.id);
/** The first columns of a project's rows: their id and their project. */
export const projectRow = () => ({ id: id(), projectId: projectRef() });
