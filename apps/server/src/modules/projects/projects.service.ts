import { and, eq } from 'drizzle-orm';
import type { TProjectRole, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { projects, projectUsers, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { requireProjectRole } from '../resources/project-access';

type TProjectRow = typeof projects.$inferSelect;
type TMemberRow = typeof projectUsers.$inferSelect;

export function projectToApi(row: TProjectRow, role: TProjectRole) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    createdBy: row.createdBy,
    role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function memberToApi(row: TMemberRow, user: { id: string; name: string; email: string }) {
  return {
    id: row.id,
    projectId: row.projectId,
    userId: row.userId,
    role: row.role,
    user: { id: user.id, name: user.name, email: user.email },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function createProject(
  db: TDb,
  user: TUser,
  values: { name: string; description: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projects)
      .values({ ...values, createdBy: user.id })
      .returning();
    await tx.insert(projectUsers).values({ projectId: row!.id, userId: user.id, role: 'owner' });
    return projectToApi(row!, 'owner');
  });
}

export async function findProject(db: TDb, user: TUser, id: string) {
  const [found] = await db
    .select({ project: projects, role: projectUsers.role })
    .from(projects)
    .innerJoin(
      projectUsers,
      and(eq(projectUsers.projectId, projects.id), eq(projectUsers.userId, user.id)),
    )
    .where(eq(projects.id, id));
  if (!found) throw new AppError('not_found', 'Project not found');
  return found;
}

export async function updateProject(
  db: TDb,
  user: TUser,
  id: string,
  values: { name?: string; description?: string },
) {
  const role = await requireProjectRole(db, user, id, 'editor');
  const [row] = await db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(projects.id, id))
    .returning();
  return projectToApi(row!, role);
}

/** Deleting a project deletes everything in it: every project table cascades from it. */
export async function deleteProject(db: TDb, user: TUser, id: string) {
  await db.transaction(async (tx) => {
    await requireProjectRole(tx as unknown as TDb, user, id, 'owner');
    await tx.delete(projects).where(eq(projects.id, id));
  });
}

/** Owners of a project other than `except`, locked so two demotions cannot both pass. */
async function otherOwners(db: TDb, projectId: string, except: string) {
  const owners = await db
    .select({ id: projectUsers.id })
    .from(projectUsers)
    .where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.role, 'owner')))
    .for('update');
  return owners.filter((owner) => owner.id !== except).length;
}

export async function findMember(db: TDb, user: TUser, id: string) {
  const [found] = await db
    .select({ member: projectUsers, user: users })
    .from(projectUsers)
    .innerJoin(users, eq(users.id, projectUsers.userId))
    .where(eq(projectUsers.id, id));
  if (!found) throw new AppError('not_found', 'Not found');
  // Only members of the same project may see a membership.
  await requireProjectRole(db, user, found.member.projectId, 'viewer').catch(() => {
    throw new AppError('not_found', 'Not found');
  });
  return found;
}

export async function addMember(
  db: TDb,
  user: TUser,
  values: { projectId: string; userId: string; role: TProjectRole },
) {
  await requireProjectRole(db, user, values.projectId, 'owner', 'projectId');
  const [invitee] = await db.select().from(users).where(eq(users.id, values.userId));
  if (!invitee || invitee.emailVerifiedAt === null) {
    throw AppError.validation('userId', 'No such user');
  }
  const [row] = await db.insert(projectUsers).values(values).onConflictDoNothing().returning();
  if (!row) {
    throw new AppError('conflict', `${invitee.name} is already a member of this project`, [
      { field: 'userId', message: 'Already a member' },
    ]);
  }
  return memberToApi(row, invitee);
}

/** The last owner can neither be demoted nor leave: a project always has someone in charge. */
export async function changeMemberRole(db: TDb, user: TUser, id: string, role: TProjectRole) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as TDb;
    const found = await findMember(t, user, id);
    await requireProjectRole(t, user, found.member.projectId, 'owner');
    if (
      found.member.role === 'owner' &&
      role !== 'owner' &&
      (await otherOwners(t, found.member.projectId, id)) === 0
    ) {
      throw new AppError(
        'conflict',
        'A project needs at least one owner: make someone else owner first',
      );
    }
    const [row] = await tx
      .update(projectUsers)
      .set({ role, updatedAt: new Date() })
      .where(eq(projectUsers.id, id))
      .returning();
    return memberToApi(row!, found.user);
  });
}

export async function removeMember(db: TDb, user: TUser, id: string) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as TDb;
    const found = await findMember(t, user, id);
    const leaving = found.member.userId === user.id;
    if (!leaving) await requireProjectRole(t, user, found.member.projectId, 'owner');
    if (found.member.role === 'owner' && (await otherOwners(t, found.member.projectId, id)) === 0) {
      throw new AppError(
        'conflict',
        leaving
          ? 'You are the last owner: make someone else owner or delete the project'
          : 'A project needs at least one owner',
      );
    }
    await tx.delete(projectUsers).where(eq(projectUsers.id, id));
  });
}
