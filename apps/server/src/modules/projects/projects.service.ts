import type { TProjectRole, TUser } from '@flowsmith/shared';
import { inTransaction, type TDb } from '../../db/database';
import { projects, projectUsers, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { checkMemberQuota, checkProjectQuota } from '../billing/quotas';
import type { TListQuery } from '../resources/list-query';
import { deleteRow, findRow, insertRow, updateRow } from '../resources/resources.repo';
import { projectAccess } from './project-access';
import * as repo from './projects.repo';
import type { TMemberRow, TProjectRow } from './projects.repo';

function projectToApi(row: TProjectRow, role: TProjectRole) {
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

function memberToApi(row: TMemberRow, user: { id: string; name: string; email: string }) {
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

/** The caller's projects, with their role in each. */
export async function listProjects(
  db: TDb,
  user: TUser,
  { role, ...query }: TListQuery & { role?: TProjectRole },
) {
  const mine = projectAccess.visible(db, projects.id, user.id, role);
  const page = await repo.listProjects(db, query, mine);
  const roles = await repo.rolesOf(db, user.id);
  return { ...page, items: page.items.map((row) => projectToApi(row, roles.get(row.id)!)) };
}

/** A new project, owned by its creator, if their plan allows one more. */
export function createProject(db: TDb, user: TUser, values: { name: string; description: string }) {
  return inTransaction(db, async (tx) => {
    await checkProjectQuota(tx, user.id);
    const row = await insertRow(tx, projects, { ...values, createdBy: user.id });
    await repo.insertMember(tx, { projectId: row.id, userId: user.id, role: 'owner' });
    return projectToApi(row, 'owner');
  });
}

export async function getProject(db: TDb, user: TUser, id: string) {
  const { project, role } = await projectAccess.project(db, user, id, 'viewer');
  return projectToApi(project, role);
}

export async function updateProject(
  db: TDb,
  user: TUser,
  id: string,
  values: { name?: string; description?: string },
) {
  const { role } = await projectAccess.project(db, user, id, 'editor');
  return projectToApi(await updateRow(db, projects, id, values), role);
}

/** Deleting a project deletes everything in it. */
/** Deletes a project; resolves with the users who were its members. */
export function deleteProject(db: TDb, user: TUser, id: string): Promise<string[]> {
  return inTransaction(db, async (tx) => {
    await projectAccess.project(tx, user, id, 'owner');
    const members = await repo.memberUserIds(tx, id);
    // Every project table cascades from it.
    await deleteRow(tx, projects, id);
    return members;
  });
}

export async function listMembers(db: TDb, user: TUser, query: TListQuery) {
  const visible = projectAccess.visible(db, projectUsers.projectId, user.id);
  const page = await repo.listMembers(db, query, visible);
  const people = await repo.usersById(
    db,
    page.items.map((row) => row.userId),
  );
  return { ...page, items: page.items.map((row) => memberToApi(row, people.get(row.userId)!)) };
}

/** A membership, seen only by members of its project. */
async function visibleMember(db: TDb, user: TUser, id: string, needed: TProjectRole) {
  const member = await projectAccess.row(db, user, projectUsers, id, needed);
  const person = (await findRow(db, users, member.userId))!;
  return { member, person };
}

export async function getMember(db: TDb, user: TUser, id: string) {
  const { member, person } = await visibleMember(db, user, id, 'viewer');
  return memberToApi(member, person);
}

export async function addMember(
  db: TDb,
  user: TUser,
  values: { projectId: string; userId: string; role: TProjectRole },
) {
  await projectAccess.require(db, user, values.projectId, 'owner', 'projectId');
  const invitee = await findRow(db, users, values.userId);
  if (!invitee || invitee.emailVerifiedAt === null) {
    throw AppError.validation('userId', 'No such user');
  }
  const row = await inTransaction(db, async (tx) => {
    await checkMemberQuota(tx, values.projectId, values.userId);
    return repo.insertMember(tx, values);
  });
  if (!row) {
    throw new AppError('conflict', `${invitee.name} is already a member of this project`, [
      { field: 'userId', message: 'Already a member' },
    ]);
  }
  return memberToApi(row, invitee);
}

/** Whether a project keeps an owner once `memberId` stops being one. */
async function keepsAnOwner(db: TDb, projectId: string, memberId: string) {
  const owners = await repo.lockOwners(db, projectId);
  return owners.some((owner) => owner.id !== memberId);
}

/** The last owner can neither be demoted nor leave: a project always has someone in charge. */
export function changeMemberRole(db: TDb, user: TUser, id: string, role: TProjectRole) {
  return inTransaction(db, async (tx) => {
    const { member, person } = await visibleMember(tx, user, id, 'owner');
    if (
      member.role === 'owner' &&
      role !== 'owner' &&
      !(await keepsAnOwner(tx, member.projectId, id))
    ) {
      throw new AppError(
        'conflict',
        'A project needs at least one owner: make someone else owner first',
      );
    }
    return memberToApi(await updateRow(tx, projectUsers, id, { role }), person);
  });
}

/** Owners remove members; anyone may leave. */
/** Removes a membership; resolves with the user who lost it. */
export function removeMember(db: TDb, user: TUser, id: string): Promise<string> {
  return inTransaction(db, async (tx) => {
    const { member } = await visibleMember(tx, user, id, 'viewer');
    const leaving = member.userId === user.id;
    if (!leaving) await projectAccess.require(tx, user, member.projectId, 'owner');
    if (member.role === 'owner' && !(await keepsAnOwner(tx, member.projectId, id))) {
      throw new AppError(
        'conflict',
        leaving
          ? 'You are the last owner: make someone else owner or delete the project'
          : 'A project needs at least one owner',
      );
    }
    await deleteRow(tx, projectUsers, id);
    return member.userId;
  });
}
