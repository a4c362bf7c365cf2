import { and, eq, inArray, isNotNull, ne, or, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { projectUsers, users } from '../../db/schema/index';
import { listRows, type TListQuery } from '../resources/list-query';
import { memberProjectIds } from '../projects/projects.repo';

export type TUserRow = typeof users.$inferSelect;

/** SQL: the user and the people they share a project with. */
export function selfAndCoMembers(db: TDb, userId: string): SQL {
  const coMembers = db
    .select({ id: projectUsers.userId })
    .from(projectUsers)
    .where(inArray(projectUsers.projectId, memberProjectIds(db, userId)));
  return or(eq(users.id, userId), inArray(users.id, coMembers))!;
}

/** Verified users, within `scope` when given. */
export function listVerifiedUsers(db: TDb, query: TListQuery, scope: SQL | undefined) {
  return listRows<TUserRow>(
    db,
    {
      table: users,
      columns: { id: users.id, name: users.name, email: users.email, createdAt: users.createdAt },
      defaultSort: 'name',
      searchColumns: [users.name, users.email],
    },
    query,
    and(isNotNull(users.emailVerifiedAt), scope),
  );
}

export async function anotherAdminExists(db: TDb, exceptId: string) {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), ne(users.id, exceptId)))
    .limit(1);
  return Boolean(other);
}
