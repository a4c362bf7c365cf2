import type { TUser, TUserListItem } from '@flowsmith/shared';
import { inTransaction, type TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../auth/password';
import { projects, users } from '../../db/schema/index';
import * as projectsRepo from '../projects/projects.repo';
import { deleteRow, findRow, insertRow, updateRow } from '../resources/resources.repo';
import type { TListQuery } from '../resources/list-query';
import * as repo from './users.repo';
import type { TUserRow } from './users.repo';

const toApi = (row: TUserRow): TUserListItem => ({
  id: row.id,
  name: row.name,
  email: row.email,
  isAdmin: row.isAdmin,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** People the caller may see without searching: co-members of their projects, and themselves. */
const knownTo = (db: TDb, user: TUser) =>
  user.isAdmin ? undefined : repo.selfAndCoMembers(db, user.id);

async function findKnown(db: TDb, user: TUser, id: string): Promise<TUserRow> {
  const row = await findRow(db, users, id, knownTo(db, user));
  if (!row) throw new AppError('not_found', 'Not found');
  return row;
}

async function requireAnotherAdmin(db: TDb, exceptId: string) {
  if (!(await repo.anotherAdminExists(db, exceptId)))
    throw new AppError('conflict', 'The instance needs at least one administrator');
}

/**
 * Without a search, a user sees the people they share projects with (the admin: everyone).
 * A search (`?search=`, the member autocomplete) finds anyone by exact e-mail address, and
 * co-members by the beginning of their e-mail or name, so it cannot list every account; the
 * admin's user management searches everyone by any part of their name or e-mail.
 */
export async function listUsers(db: TDb, user: TUser, query: TListQuery) {
  const { search, ...rest } = query;
  const page =
    user.isAdmin || !search
      ? await repo.listVerifiedUsers(db, query, knownTo(db, user))
      : await repo.listVerifiedUsers(db, rest, repo.findableBy(db, user.id, search));
  return { ...page, items: page.items.map(toApi) };
}

export async function getUser(db: TDb, user: TUser, id: string) {
  return toApi(await findKnown(db, user, id));
}

export async function createUser(
  db: TDb,
  user: TUser,
  { password, ...values }: { email: string; name: string; password: string },
) {
  if (!user.isAdmin) throw new AppError('forbidden', 'Only the administrator can add users');
  const row = await insertRow(db, users, {
    ...values,
    passwordHash: await hashPassword(password),
    emailVerifiedAt: new Date(),
  });
  return toApi(row);
}

/** Users change their own name; the admin manages everyone. */
export async function updateUser(
  db: TDb,
  user: TUser,
  id: string,
  values: { name?: string; isAdmin?: boolean },
) {
  const target = await findKnown(db, user, id);
  if (!user.isAdmin && target.id !== user.id)
    throw new AppError('forbidden', 'You can only change your own account');
  if (values.isAdmin !== undefined && !user.isAdmin) {
    throw new AppError('forbidden', 'Only the administrator can grant administration');
  }
  if (values.isAdmin === false && target.isAdmin) await requireAnotherAdmin(db, target.id);
  return toApi(await updateRow(db, users, target.id, values));
}

/**
 * Before an account goes: projects where it is the only member go with it; a shared project it
 * alone owns passes to its longest-standing editor. One shared only with viewers cannot be handed
 * over without making a viewer owner, which is the administrator's call: refused, named.
 */
async function settleOwnedProjects(db: TDb, userId: string) {
  const unowned: string[] = [];
  for (const project of await projectsRepo.ownedProjects(db, userId)) {
    await projectsRepo.lockOwners(db, project.id);
    const members = await projectsRepo.membersOf(db, project.id);
    if (members.length === 1) {
      await deleteRow(db, projects, project.id);
    } else if (!members.some((m) => m.userId !== userId && m.role === 'owner')) {
      const heir = members.find((m) => m.role === 'editor');
      if (heir) await projectsRepo.setMemberRole(db, heir.id, 'owner');
      else unowned.push(project.name);
    }
  }
  if (unowned.length)
    throw new AppError(
      'conflict',
      `Only viewers are left to own ${unowned.join(', ')}: make one of them editor or owner first`,
      [{ field: 'projects', message: unowned.join(', ') }],
    );
}

export async function deleteUser(db: TDb, user: TUser, id: string) {
  const target = await findKnown(db, user, id);
  // One's own account goes only with its password (account.service.ts's deleteAccount).
  if (target.id === user.id) {
    throw new AppError(
      'forbidden',
      'Delete your own account under Settings → General, with your password',
    );
  }
  if (!user.isAdmin) throw new AppError('forbidden', 'Only the administrator can delete accounts');
  if (target.isAdmin) await requireAnotherAdmin(db, target.id);
  await inTransaction(db, async (tx) => {
    await settleOwnedProjects(tx, target.id);
    await deleteRow(tx, users, target.id);
  });
}
