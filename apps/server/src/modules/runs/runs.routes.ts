import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZHandleRequest,
  ZHandleResponse,
  ZIdParams,
  ZRun,
  ZRunCreate,
  ZRunEventsQuery,
  ZRunInputField,
  ZRunInputsQuery,
  ZRunNodeState,
  type TRun,
  type TUser,
} from '@flowsmith/shared';
import { planWorkflow, workflowInputs } from '@flowsmith/engine';
import type { TDb } from '../../db/database';
import {
  customAis,
  nodeGroups,
  nodes,
  runEvents,
  runNodeStates,
  runs,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/request-user';
import { loadGraph } from '../canvas/graph.service';
import { apiRow } from '../resources/api-row';
import { inMemberProjects, requireProjectRole } from '../resources/project-access';
import type { TDbRow } from '../resources/resource.types';
import type { TRunExecutor } from './run-executor';
import type { TRunQueue } from './run-queue';
import { checkTarget, startRunIn, type TStartRunArgs } from './run-starter';

// How long `custom_ais/handle` waits for its run before answering with the run as it stands.
const HANDLE_WAIT_MS = 10 * 60_000;

type TOptions = { db: TDb; executor: TRunExecutor; queue: TRunQueue };

const runToApi = (row: typeof runs.$inferSelect) => apiRow(row as unknown as TDbRow) as TRun;

async function visibleRun(db: TDb, user: TUser, id: string) {
  const [row] = await db
    .select()
    .from(runs)
    .where(and(eq(runs.id, id), inMemberProjects(db, runs.projectId, user.id)));
  if (!row) throw new AppError('not_found', 'Run not found');
  return row;
}

/** Starting, following and cancelling runs; runs are listed through the generic `runs` resource. */
export async function runsRoutes(app: FastifyInstance, { db, executor, queue }: TOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['runs'];

  const startRun = (...args: TStartRunArgs) => startRunIn(db, queue, ...args);

  r.post(
    '/runs',
    { schema: { tags, body: ZRunCreate, response: { 202: z.object({ run: ZRun }) } } },
    async (request, reply) => {
      const { projectId, inputs, ...target } = request.body;
      const run = await startRun(requireUser(request), projectId, target, inputs);
      return reply.status(202).send({ run: runToApi(run) });
    },
  );

  r.post(
    '/runs/:id/cancel',
    { schema: { tags, params: ZIdParams, response: { 202: z.object({ run: ZRun }) } } },
    async (request, reply) => {
      const user = requireUser(request);
      const run = await visibleRun(db, user, request.params.id);
      await requireProjectRole(db, user, run.projectId, 'editor');
      if (!(await executor.cancel(run.id)))
        throw new AppError('conflict', 'This run has already finished');
      return reply.status(202).send({ run: runToApi(await visibleRun(db, user, run.id)) });
    },
  );

  r.get(
    '/runs/:id/nodes',
    {
      schema: {
        tags,
        params: ZIdParams,
        response: { 200: z.object({ items: z.array(ZRunNodeState) }) },
      },
    },
    async (request) => {
      const run = await visibleRun(db, requireUser(request), request.params.id);
      const rows = await db
        .select()
        .from(runNodeStates)
        .where(eq(runNodeStates.runId, run.id))
        .orderBy(asc(runNodeStates.createdAt));
      return {
        items: rows.map((row) => ({
          nodeId: row.nodeId,
          status: row.status,
          output: row.output ?? null,
          error: row.error,
          startedAt: row.startedAt?.toISOString() ?? null,
          finishedAt: row.finishedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  r.get(
    '/runs/:id/events',
    { schema: { tags, params: ZIdParams, querystring: ZRunEventsQuery } },
    async (request) => {
      const run = await visibleRun(db, requireUser(request), request.params.id);
      const rows = await db
        .select({ event: runEvents.event })
        .from(runEvents)
        .where(and(eq(runEvents.runId, run.id), gt(runEvents.seq, request.query.after)))
        .orderBy(asc(runEvents.seq))
        .limit(request.query.limit);
      return { items: rows.map((row) => row.event) };
    },
  );

  r.get(
    '/runs/inputs',
    {
      schema: {
        tags,
        querystring: ZRunInputsQuery,
        response: { 200: z.object({ items: z.array(ZRunInputField) }) },
      },
    },
    async (request) => {
      const { projectId, ...target } = request.query;
      await requireProjectRole(db, requireUser(request), projectId, 'viewer', 'projectId');
      const graph = await loadGraph(db, projectId);
      const workflow = planWorkflow(
        graph.nodes,
        graph.connections,
        await checkTarget(db, projectId, target),
      );
      return { items: workflowInputs(workflow) };
    },
  );

  r.post(
    '/custom_ais/handle',
    { schema: { tags: ['custom_ais'], body: ZHandleRequest, response: { 200: ZHandleResponse } } },
    async (request) => {
      const user = requireUser(request);
      const { nodeId, nodeGroupId, customAiId, inputs } = request.body;
      const [owner] = nodeId
        ? await db
            .select({ projectId: nodes.projectId })
            .from(nodes)
            .where(and(eq(nodes.id, nodeId), inMemberProjects(db, nodes.projectId, user.id)))
        : await db
            .select({ projectId: nodeGroups.projectId })
            .from(nodeGroups)
            .where(
              and(
                eq(nodeGroups.id, nodeGroupId!),
                inMemberProjects(db, nodeGroups.projectId, user.id),
              ),
            );
      if (!owner)
        throw new AppError('not_found', nodeId ? 'Node not found' : 'Group not found', [
          { field: nodeId ? 'nodeId' : 'nodeGroupId', message: 'Not found' },
        ]);
      if (customAiId) {
        const [ai] = await db
          .select({ id: customAis.id })
          .from(customAis)
          .where(and(eq(customAis.id, customAiId), eq(customAis.projectId, owner.projectId)));
        if (!ai) throw AppError.validation('customAiId', 'No such custom AI in this project');
      }
      const target = { nodeId: nodeId ?? null, nodeGroupId: nodeGroupId ?? null };
      const run = await startRun(user, owner.projectId, target, inputs, customAiId ?? null);
      const finished = (await executor.waitFor(run.id, HANDLE_WAIT_MS))!;
      return {
        runId: run.id,
        status: finished.status,
        outputs: finished.outputs,
        error: finished.error,
      };
    },
  );
}
