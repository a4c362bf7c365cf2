import { and, asc, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { TProjectRole } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { preparedStatement } from '../../db/prepared';
import { projects, projectUsers, users } from '../../db/schema/index';
import { listRows, type TListQuery } from '../resources/list-query';

export type TProjectRow = typeof projects.$inferSelect;
export type TMemberRow = typeof projectUsers.$inferSelect;
/** A table whose rows belong to a project. */
export type TProjectTable = PgTable & { id: PgColumn; projectId: PgColumn };

const roleStatement = preparedStatement((db) =>
  db
    .select({ role: projectUsers.role })
    .from(projectUsers)
    .where(
      and(
        eq(projectUsers.projectId, sql.placeholder('projectId')),
        eq(projectUsers.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare('project_role'),
);

export async function roleOf(db: TDb, userId: string, projectId: string) {
  const [row] = await roleStatement(db).execute({ userId, projectId });
  return row?.role;
}

/** The ids of the projects a user is a member of, as a subquery. */
export function memberProjectIds(db: TDb, userId: string, role?: TProjectRole) {
  return db
    .select({ id: projectUsers.projectId })
    .from(projectUsers)
    .where(and(eq(projectUsers.userId, userId), role ? eq(projectUsers.role, role) : undefined));
}

/** SQL: rows whose project (in `column`) the user is a member of, with `role` if given. */
export function inMemberProjects(db: TDb, column: PgColumn, userId: string, role?: TProjectRole) {
  return inArray(column, memberProjectIds(db, userId, role));
}

/** A row of a project table with the user's role in its project; none when not a member. */
export async function rowWithRole<T extends TProjectTable>(
  db: TDb,
  table: T,
  id: string,
  userId: string,
): Promise<{ row: T['$inferSelect']; role: TProjectRole } | undefined> {
  // An alias, so that project_users rows themselves can be looked up the same way.
  const caller = alias(projectUsers, 'caller');
  const [found] = (await db
    .select()
    .from(table as PgTable)
    .innerJoin(caller, and(eq(caller.projectId, table.projectId), eq(caller.userId, userId)))
    .where(eq(table.id, id))
    .limit(1)) as Array<Record<string, unknown>>;
  if (!found) return undefined;
  const member = found.caller as TMemberRow;
  return { row: found[getTableName(table)] as T['$inferSelect'], role: member.role };
}

export async function projectWithRole(db: TDb, id: string, userId: string) {
  const [found] = await db
    .select({ project: projects, role: projectUsers.role })
    .from(projects)
    .innerJoin(
      projectUsers,
      and(eq(projectUsers.projectId, projects.id), eq(projectUsers.userId, userId)),
    )
    .where(eq(projects.id, id));
  return found;
}

export function listProjects(db: TDb, query: TListQuery, visible: SQL) {
  return listRows<TProjectRow>(
    db,
    {
      table: projects,
      columns: {
        id: projects.id,
        name: projects.name,
        createdAt: projects.createdAt,
        updatedAt: projects.updatedAt,
      },
      defaultSort: 'name',
      searchColumns: [projects.name, projects.description],
    },
    query,
    visible,
  );
}

export async function rolesOf(db: TDb, userId: string) {
  const rows = await db
    .select({ projectId: projectUsers.projectId, role: projectUsers.role })
    .from(projectUsers)
    .where(eq(projectUsers.userId, userId));
  return new Map(rows.map((row) => [row.projectId, row.role]));
}

export function listMembers(db: TDb, query: TListQuery, visible: SQL) {
  return listRows<TMemberRow>(
    db,
    {
      table: projectUsers,
      columns: {
        id: projectUsers.id,
        projectId: projectUsers.projectId,
        userId: projectUsers.userId,
        role: projectUsers.role,
        createdAt: projectUsers.createdAt,
      },
      defaultSort: 'createdAt',
    },
    query,
    visible,
  );
}

export async function usersById(db: TDb, ids: string[]) {
  const people = ids.length ? await db.select().from(users).where(inArray(users.id, ids)) : [];
  return new Map(people.map((person) => [person.id, person]));
}

/** A project's members, longest-standing first. */
export async function membersOf(db: TDb, projectId: string) {
  return db
    .select()
    .from(projectUsers)
    .where(eq(projectUsers.projectId, projectId))
    .orderBy(asc(projectUsers.createdAt), asc(projectUsers.id));
}

export async function setMemberRole(db: TDb, memberId: string, role: TProjectRole) {
  await db.update(projectUsers).set({ role }).where(eq(projectUsers.id, memberId));
}

/** Owners of a project, locked so two demotions cannot both pass. */
export async function lockOwners(db: TDb, projectId: string) {
  return db
    .select({ id: projectUsers.id })
    .from(projectUsers)
    .where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.role, 'owner')))
    .for('update');
}

/** The new membership, or none when the user is a member already. */
export async function insertMember(
  db: TDb,
  values: { projectId: string; userId: string; role: TProjectRole },
) {
  const [row] = await db.insert(projectUsers).values(values).onConflictDoNothing().returning();
  return row;
}

/** The projects a user owns. */
export async function ownedProjects(db: TDb, userId: string) {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.id, memberProjectIds(db, userId, 'owner')))
    .orderBy(asc(projects.name));
}

/** The ids of a project's members. */
export async function memberUserIds(db: TDb, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: projectUsers.userId })
    .from(projectUsers)
    .where(eq(projectUsers.projectId, projectId));
  return rows.map((row) => row.userId);
}
