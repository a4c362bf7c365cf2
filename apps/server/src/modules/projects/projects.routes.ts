import type { FastifyInstance } from 'fastify';
import {
  ZId,
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
import { moduleRoutes } from '../module-routes';
import { canvasOffset } from '../canvas/canvas-changes.repo';
import { projectAccess } from './project-access';
import * as projects from './projects.service';

/** Projects and their members (`project_users`); a project's realtime channel. */
export async function projectsRoutes(app: FastifyInstance) {
  const { r, db } = moduleRoutes(app, 'projects');
  const memberTags = ['project_users'];

  app.realtime.registerChannel(
    'project',
    async (user, id) => {
      const role = ZId.safeParse(id).success && (await projectAccess.roleOf(db, user.id, id));
      return role ? { role } : false;
    },
    // Canvas changes are numbered by the database (see canvas-changes.repo.ts).
    (id) => canvasOffset(db, id),
  );

  r.get(
    '/projects',
    { schema: { querystring: ZProjectListQuery, response: { 200: zPage(ZProject) } } },
    (request) => projects.listProjects(db, request.user, request.query),
  );

  r.post(
    '/projects',
    { schema: { body: ZProjectCreate, response: { 201: ZProject } } },
    async (request, reply) =>
      reply.status(201).send(await projects.createProject(db, request.user, request.body)),
  );

  r.get(
    '/projects/:id',
    { schema: { params: ZIdParams, response: { 200: ZProject } } },
    (request) => projects.getProject(db, request.user, request.params.id),
  );

  r.put(
    '/projects/:id',
    { schema: { params: ZIdParams, body: ZProjectUpdate, response: { 200: ZProject } } },
    (request) => projects.updateProject(db, request.user, request.params.id, request.body),
  );

  r.delete('/projects/:id', { schema: { params: ZIdParams } }, async (request, reply) => {
    const members = await projects.deleteProject(db, request.user, request.params.id);
    // Open connections lose the project's channels at once.
    await app.realtime.recheck(members);
    return reply.status(204).send();
  });

  r.get(
    '/project_users',
    {
      schema: {
        tags: memberTags,
        querystring: ZProjectUserListQuery,
        response: { 200: zPage(ZProjectUser) },
      },
    },
    (request) => projects.listMembers(db, request.user, request.query),
  );

  r.post(
    '/project_users',
    { schema: { tags: memberTags, body: ZProjectUserCreate, response: { 201: ZProjectUser } } },
    async (request, reply) =>
      reply.status(201).send(await projects.addMember(db, request.user, request.body)),
  );

  r.get(
    '/project_users/:id',
    { schema: { tags: memberTags, params: ZIdParams, response: { 200: ZProjectUser } } },
    (request) => projects.getMember(db, request.user, request.params.id),
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
    (request) => projects.changeMemberRole(db, request.user, request.params.id, request.body.role),
  );

  r.delete(
    '/project_users/:id',
    { schema: { tags: memberTags, params: ZIdParams } },
    async (request, reply) => {
      const removed = await projects.removeMember(db, request.user, request.params.id);
      await app.realtime.recheck([removed]);
      return reply.status(204).send();
    },
  );
}
