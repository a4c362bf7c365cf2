import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TProjectRole, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  inMemberProjects,
  projectWithRole,
  roleOf,
  rowWithRole,
  type TProjectTable,
} from './projects.repo';

const rank: Record<TProjectRole, number> = { viewer: 0, editor: 1, owner: 2 };

function requireRank(role: TProjectRole, needed: TProjectRole): TProjectRole {
  if (rank[role] < rank[needed]) {
    throw new AppError(
      'forbidden',
      needed === 'owner'
        ? 'Only an owner of this project can do this'
        : 'Viewers cannot change this project',
    );
  }
  return role;
}

/**
 * The one guard of project-scoped data: members read (`viewer`), editors and owners write
 * (`editor`), owners manage (`owner`). A project — or a row of one — that the caller is not a
 * member of does not exist for them (404, so ids leak nothing); a role too low is a 403.
 */
export const projectAccess = {
  /** The caller's role in a project, which must be at least `needed`. */
  async require(
    db: TDb,
    user: TUser,
    projectId: string,
    needed: TProjectRole,
    field?: string,
  ): Promise<TProjectRole> {
    const role = await roleOf(db, user.id, projectId);
    if (!role) {
      throw new AppError(
        'not_found',
        'Project not found',
        field ? [{ field, message: 'No such project' }] : undefined,
      );
    }
    return requireRank(role, needed);
  },

  /**
   * A row of a project table, by id, for a caller with at least `needed` in its project;
   * `missing` makes the 404 otherwise.
   */
  async row<T extends TProjectTable>(
    db: TDb,
    user: TUser,
    table: T,
    id: string,
    needed: TProjectRole,
    missing = () => new AppError('not_found', 'Not found'),
  ): Promise<T['$inferSelect'] & { projectId: string }> {
    const found = await rowWithRole(db, table, id, user.id);
    if (!found) throw missing();
    requireRank(found.role, needed);
    return found.row as T['$inferSelect'] & { projectId: string };
  },

  /** Checks a role read with the row it guards: `missing()` for none, 403 below `needed`. */
  check(
    role: TProjectRole | undefined,
    needed: TProjectRole,
    missing: () => AppError,
  ): TProjectRole {
    if (!role) throw missing();
    return requireRank(role, needed);
  },

  /** A project with the caller's role in it. */
  async project(db: TDb, user: TUser, id: string, needed: TProjectRole) {
    const found = await projectWithRole(db, id, user.id);
    if (!found) throw new AppError('not_found', 'Project not found');
    requireRank(found.role, needed);
    return found;
  },

  /** SQL: rows whose project (in `column`) the user is a member of (with `role`, if given). */
  visible(db: TDb, column: PgColumn, userId: string, role?: TProjectRole): SQL {
    return inMemberProjects(db, column, userId, role);
  },

  /** The user's role in a project, or undefined for a non-member. */
  roleOf(db: TDb, userId: string, projectId: string): Promise<TProjectRole | undefined> {
    return roleOf(db, userId, projectId);
  },

  /** Whether the user may read a row of a project table. */
  async canRead(db: TDb, userId: string, table: TProjectTable, id: string): Promise<boolean> {
    return Boolean(await rowWithRole(db, table, id, userId));
  },
};
