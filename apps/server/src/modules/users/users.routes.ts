import { and, eq, inArray, isNotNull, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZIdParams,
  ZUserCreate,
  ZUserListItem,
  ZUserListQuery,
  ZUserUpdate,
  zPage,
  type TUser,
  type TUserListItem,
} from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { projects, projectUsers, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/request-user';
import { hashPassword } from '../auth/password';
import { translateDbError } from '../resources/db-errors';
import { listRows, type TListQuery } from '../resources/list-query';

type TUserRow = typeof users.$inferSelect;

const toApi = (row: TUserRow): TUserListItem => ({
  id: row.id,
  name: row.name,
  email: row.email,
  isAdmin: row.isAdmin,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** People the caller may see without searching: co-members of their projects, and themselves. */
function knownTo(db: TDb, user: TUser): SQL | undefined {
  if (user.isAdmin) return undefined;
  const myProjects = db
    .select({ id: projectUsers.projectId })
    .from(projectUsers)
    .where(eq(projectUsers.userId, user.id));
  const coMembers = db
    .select({ id: projectUsers.userId })
    .from(projectUsers)
    .where(inArray(projectUsers.projectId, myProjects));
  return or(eq(users.id, user.id), inArray(users.id, coMembers));
}

async function findKnown(db: TDb, user: TUser, id: string): Promise<TUserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), knownTo(db, user)));
  if (!row) throw new AppError('not_found', 'Not found');
  return row;
}

/**
 * Users. A search (`?search=`) finds any verified user by name or e-mail, for adding members;
 * without one, a user sees the people they share projects with. Users change their own name;
 * the admin manages everyone.
 */
export async function usersRoutes(app: FastifyInstance, { db }: { db: TDb }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get(
    '/users',
    { schema: { tags, querystring: ZUserListQuery, response: { 200: zPage(ZUserListItem) } } },
    async (request) => {
      const user = requireUser(request);
      const searching = Boolean(request.query.search);
      const page = await listRows<TUserRow>(
        db,
        {
          table: users,
          columns: {
            id: users.id,
            name: users.name,
            email: users.email,
            createdAt: users.createdAt,
          },
          defaultSort: 'name',
          searchColumns: [users.name, users.email],
        },
        request.query as TListQuery,
        and(isNotNull(users.emailVerifiedAt), searching ? undefined : knownTo(db, user)),
      );
      return { ...page, items: page.items.map(toApi) };
    },
  );

  r.get(
    '/users/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZUserListItem } } },
    async (request) => toApi(await findKnown(db, requireUser(request), request.params.id)),
  );

  r.post(
    '/users',
    { schema: { tags, body: ZUserCreate, response: { 201: ZUserListItem } } },
    async (request, reply) => {
      if (!requireUser(request).isAdmin)
        throw new AppError('forbidden', 'Only the administrator can add users');
      const { password, ...values } = request.body;
      const [row] = await db
        .insert(users)
        .values({
          ...values,
          passwordHash: await hashPassword(password),
          emailVerifiedAt: new Date(),
        })
        .returning()
        .catch((error: unknown) => translateDbError(error, 'write'));
      return reply.status(201).send(toApi(row!));
    },
  );

  r.put(
    '/users/:id',
    { schema: { tags, params: ZIdParams, body: ZUserUpdate, response: { 200: ZUserListItem } } },
    async (request) => {
      const user = requireUser(request);
      const target = await findKnown(db, user, request.params.id);
      if (!user.isAdmin && target.id !== user.id)
        throw new AppError('forbidden', 'You can only change your own account');
      if (request.body.isAdmin !== undefined && !user.isAdmin) {
        throw new AppError('forbidden', 'Only the administrator can grant administration');
      }
      if (request.body.isAdmin === false && target.isAdmin)
        await requireAnotherAdmin(db, target.id);
      const [row] = await db
        .update(users)
        .set({ ...request.body, updatedAt: new Date() })
        .where(eq(users.id, target.id))
        .returning();
      return toApi(row!);
    },
  );

  r.delete('/users/:id', { schema: { tags, params: ZIdParams } }, async (request, reply) => {
    const user = requireUser(request);
    const target = await findKnown(db, user, request.params.id);
    if (!user.isAdmin && target.id !== user.id)
      throw new AppError('forbidden', 'You can only delete your own account');
    if (target.isAdmin) await requireAnotherAdmin(db, target.id);
    await db.transaction(async (tx) => {
      const t = tx as unknown as TDb;
      await deleteSoleProjects(t, target.id);
      await tx.delete(users).where(eq(users.id, target.id));
    });
    return reply.status(204).send();
  });
}

async function requireAnotherAdmin(db: TDb, exceptId: string) {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), ne(users.id, exceptId)))
    .limit(1);
  if (!other) throw new AppError('conflict', 'The instance needs at least one administrator');
}

/**
 * Before an account goes: projects where it is the only member go with it; a project it alone
 * owns but shares with others must first get another owner.
 */
async function deleteSoleProjects(db: TDb, userId: string) {
  const owned = await db
    .select({ projectId: projectUsers.projectId })
    .from(projectUsers)
    .where(and(eq(projectUsers.userId, userId), eq(projectUsers.role, 'owner')));
  for (const { projectId } of owned) {
    const members = await db
      .select()
      .from(projectUsers)
      .where(eq(projectUsers.projectId, projectId));
    if (members.length === 1) {
      await db.delete(projects).where(eq(projects.id, projectId));
    } else if (!members.some((m) => m.userId !== userId && m.role === 'owner')) {
      throw new AppError(
        'conflict',
        'Make someone else owner of your shared projects before deleting your account',
      );
    }
  }
}
