import type { FastifyInstance } from 'fastify';
import {
  ZIdParams,
  ZUserCreate,
  ZUserListItem,
  ZUserListQuery,
  ZUserUpdate,
  zPage,
} from '@flowsmith/shared';
import { moduleRoutes } from '../module-routes';
import * as users from './users.service';

/** Users: the member autocomplete, people one works with, and the admin's user management. */
export async function usersRoutes(app: FastifyInstance) {
  const { r, db } = moduleRoutes(app, 'users');

  r.get(
    '/users',
    { schema: { querystring: ZUserListQuery, response: { 200: zPage(ZUserListItem) } } },
    (request) => users.listUsers(db, request.user, request.query),
  );

  r.get(
    '/users/:id',
    { schema: { params: ZIdParams, response: { 200: ZUserListItem } } },
    (request) => users.getUser(db, request.user, request.params.id),
  );

  r.post(
    '/users',
    { schema: { body: ZUserCreate, response: { 201: ZUserListItem } } },
    async (request, reply) =>
      reply.status(201).send(await users.createUser(db, request.user, request.body)),
  );

  r.put(
    '/users/:id',
    { schema: { params: ZIdParams, body: ZUserUpdate, response: { 200: ZUserListItem } } },
    (request) => users.updateUser(db, request.user, request.params.id, request.body),
  );

  r.delete('/users/:id', { schema: { params: ZIdParams } }, async (request, reply) => {
    await users.deleteUser(db, request.user, request.params.id);
    return reply.status(204).send();
  });
}
