import type { FastifyInstance } from 'fastify';
import {
  ZGraphDiff,
  ZGroupPublication,
  ZGroupPublicationUpdate,
  ZGroupPublish,
  ZGroupPublishResult,
  ZGroupRestoreResult,
  ZGroupVersionList,
  ZGroupVersionParams,
  ZIdParams,
} from '@flowsmith/shared';
import { moduleRoutes } from '../module-routes';
import * as publishing from './publishing.service';

/** A group's versions (publish, history, diff, restore) and its publication. */
export async function publishingRoutes(app: FastifyInstance) {
  const { r, db } = moduleRoutes(app, 'publishing');
  const base = '/node_groups/:id';

  r.get(
    `${base}/versions`,
    { schema: { params: ZIdParams, response: { 200: ZGroupVersionList } } },
    (request) => publishing.listVersions(db, request.user, request.params.id),
  );

  r.post(
    `${base}/versions`,
    { schema: { params: ZIdParams, body: ZGroupPublish, response: { 201: ZGroupPublishResult } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await publishing.publishGroup(db, request.user, request.params.id, request.body.note),
        ),
  );

  r.get(
    `${base}/versions/:versionId/diff`,
    { schema: { params: ZGroupVersionParams, response: { 200: ZGraphDiff } } },
    (request) =>
      publishing.diffVersion(db, request.user, request.params.id, request.params.versionId),
  );

  r.post(
    `${base}/versions/:versionId/restore`,
    { schema: { params: ZGroupVersionParams, response: { 200: ZGroupRestoreResult } } },
    (request) =>
      publishing.restoreVersion(db, request.user, request.params.id, request.params.versionId),
  );

  r.get(
    `${base}/publication`,
    { schema: { params: ZIdParams, response: { 200: ZGroupPublication } } },
    (request) => publishing.getPublication(db, request.user, request.params.id),
  );

  r.put(
    `${base}/publication`,
    {
      schema: {
        params: ZIdParams,
        body: ZGroupPublicationUpdate,
        response: { 200: ZGroupPublication },
      },
    },
    (request) => publishing.updatePublication(db, request.user, request.params.id, request.body),
  );

  r.delete(`${base}/publication`, { schema: { params: ZIdParams } }, async (request, reply) => {
    await publishing.unpublish(db, request.user, request.params.id);
    return reply.status(204).send();
  });
}
