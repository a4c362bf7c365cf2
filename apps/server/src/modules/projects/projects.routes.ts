import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZIdParams,
  ZProject,
  ZProjectCreate,
  ZProjectListQuery,
  ZProjectUpdate,
  ZProjectUser,
  ZProjectUserCreate,
  ZProjectUserListQuery,
  ZProjectUserUpdate,
  zPage,
} from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { projects, projectUsers, users } from '../../db/schema/index';
import { requireUser } from '../../plugins/request-user';
import { listRows, type TListQuery } from '../resources/list-query';
import { inMemberProjects } from '../resources/project-access';
import {
  addMember,
  changeMemberRole,
  createProject,
  deleteProject,
  findMember,
  findProject,
  memberToApi,
  projectToApi,
  removeMember,
  updateProject,
} from './projects.service';

export async function projectsRoutes(app: FastifyInstance, { db }: { db: TDb }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];

  r.get(
    '/projects',
    { schema: { tags, querystring: ZProjectListQuery, response: { 200: zPage(ZProject) } } },
    async (request) => {
      const user = requireUser(request);
      const { role, ...query } = request.query;
      const mine = db
        .select({ id: projectUsers.projectId })
        .from(projectUsers)
        .where(
          and(eq(projectUsers.userId, user.id), role ? eq(projectUsers.role, role) : undefined),
        );
      const page = await listRows<typeof projects.$inferSelect>(
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
        query as TListQuery,
        inArray(projects.id, mine),
      );
      const roles = await db
        .select({ projectId: projectUsers.projectId, role: projectUsers.role })
        .from(projectUsers)
        .where(eq(projectUsers.userId, user.id));
      const roleOf = new Map(roles.map((row) => [row.projectId, row.role]));
      return { ...page, items: page.items.map((row) => projectToApi(row, roleOf.get(row.id)!)) };
    },
  );

  r.post(
    '/projects',
    { schema: { tags, body: ZProjectCreate, response: { 201: ZProject } } },
    async (request, reply) =>
      reply.status(201).send(await createProject(db, requireUser(request), request.body)),
  );

  r.get(
    '/projects/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZProject } } },
    async (request) => {
      const found = await findProject(db, requireUser(request), request.params.id);
      return projectToApi(found.project, found.role);
    },
  );

  r.put(
    '/projects/:id',
    { schema: { tags, params: ZIdParams, body: ZProjectUpdate, response: { 200: ZProject } } },
    async (request) => {
      const user = requireUser(request);
      await findProject(db, user, request.params.id);
      return updateProject(db, user, request.params.id, request.body);
    },
  );

  r.delete('/projects/:id', { schema: { tags, params: ZIdParams } }, async (request, reply) => {
    await deleteProject(db, requireUser(request), request.params.id);
    return reply.status(204).send();
  });

  const memberTags = ['project_users'];

  r.get(
    '/project_users',
    {
      schema: {
        tags: memberTags,
        querystring: ZProjectUserListQuery,
        response: { 200: zPage(ZProjectUser) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const page = await listRows<typeof projectUsers.$inferSelect>(
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
        request.query as TListQuery,
        inMemberProjects(db, projectUsers.projectId, user.id),
      );
      const ids = page.items.map((row) => row.userId);
      const people = ids.length ? await db.select().from(users).where(inArray(users.id, ids)) : [];
      const byId = new Map(people.map((person) => [person.id, person]));
      return { ...page, items: page.items.map((row) => memberToApi(row, byId.get(row.userId)!)) };
    },
  );

  r.post(
    '/project_users',
    { schema: { tags: memberTags, body: ZProjectUserCreate, response: { 201: ZProjectUser } } },
    async (request, reply) =>
      reply.status(201).send(await addMember(db, requireUser(request), request.body)),
  );

  r.get(
    '/project_users/:id',
    { schema: { tags: memberTags, params: ZIdParams, response: { 200: ZProjectUser } } },
    async (request) => {
      const found = await findMember(db, requireUser(request), request.params.id);
      return memberToApi(found.member, found.user);
    },
  );

  r.put(
    '/project_users/:id',
    {
      schema: {
        tags: memberTags,
        params: ZIdParams,
        body: ZProjectUserUpdate,
        response: { 200: ZProjectUser },
      },
    },
    async (request) =>
      changeMemberRole(db, requireUser(request), request.params.id, request.body.role),
  );

  r.delete(
    '/project_users/:id',
    { schema: { tags: memberTags, params: ZIdParams } },
    async (request, reply) => {
      await removeMember(db, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
