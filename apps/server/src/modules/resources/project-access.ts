import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TProjectRole, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { projectUsers } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

const rank: Record<TProjectRole, number> = { viewer: 0, editor: 1, owner: 2 };

export async function projectRoleOf(
  db: TDb,
  userId: string,
  projectId: string,
): Promise<TProjectRole | undefined> {
  const [row] = await db
    .select({ role: projectUsers.role })
    .from(projectUsers)
    .where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId)))
    .limit(1);
  return row?.role;
}

/**
 * The caller's role in a project, which must be at least `needed`. A project the caller is not a
 * member of does not exist for them (404); a role too low for the act is a 403.
 */
export async function requireProjectRole(
  db: TDb,
  user: TUser,
  projectId: string,
  needed: TProjectRole,
  field?: string,
): Promise<TProjectRole> {
  const role = await projectRoleOf(db, user.id, projectId);
  if (!role) {
    throw new AppError(
      'not_found',
      'Project not found',
      field ? [{ field, message: 'No such project' }] : undefined,
    );
  }
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

/** Rows whose project the user is a member of. */
export function inMemberProjects(db: TDb, projectIdColumn: PgColumn, userId: string): SQL {
  return inArray(
    projectIdColumn,
    db
      .select({ id: projectUsers.projectId })
      .from(projectUsers)
      .where(eq(projectUsers.userId, userId)),
  );
}
