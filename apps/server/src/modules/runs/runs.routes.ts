import type { FastifyInstance } from 'fastify';
import {
  ZHandleRequest,
  ZHandleResponse,
  ZId,
  ZIdParams,
  ZRunAccepted,
  ZRunCreate,
  ZRunEventsQuery,
  ZRunInputFieldList,
  ZRunInputsQuery,
  ZRunNodeStateList,
} from '@flowsmith/shared';
import { moduleRoutes } from '../module-routes';
import * as runs from './runs.service';

/**
 * Starting, following and cancelling runs, and a run's realtime channel; runs are listed
 * through the generic `runs` resource.
 */
export async function runsRoutes(app: FastifyInstance) {
  const { r, db } = moduleRoutes(app, 'runs');
  const { runJobs } = app;

  app.realtime.registerChannel(
    'run',
    (user, id) => ZId.safeParse(id).success && runs.canFollowRun(db, user, id),
  );

  r.post(
    '/runs',
    { schema: { body: ZRunCreate, response: { 202: ZRunAccepted } } },
    async (request, reply) =>
      reply.status(202).send(await runs.createRun(db, runJobs.queue, request.user, request.body)),
  );

  r.post(
    '/runs/:id/cancel',
    { schema: { params: ZIdParams, response: { 202: ZRunAccepted } } },
    async (request, reply) =>
      reply.status(202).send(await runs.cancelRun(db, runJobs, request.user, request.params.id)),
  );

  r.get(
    '/runs/:id/nodes',
    { schema: { params: ZIdParams, response: { 200: ZRunNodeStateList } } },
    (request) => runs.runNodeStates(db, request.user, request.params.id),
  );

  r.get(
    '/runs/:id/events',
    { schema: { params: ZIdParams, querystring: ZRunEventsQuery } },
    (request) => runs.runEvents(db, request.user, request.params.id, request.query),
  );

  r.get(
    '/runs/inputs',
    { schema: { querystring: ZRunInputsQuery, response: { 200: ZRunInputFieldList } } },
    (request) => runs.runInputs(db, request.user, request.query),
  );

  r.post(
    '/custom_ais/handle',
    { schema: { tags: ['custom_ais'], body: ZHandleRequest, response: { 200: ZHandleResponse } } },
    (request) => runs.handle(db, runJobs, request.user, request.body),
  );
}
