import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZGraphDelete,
  ZGraphImport,
  ZGraphImportResult,
  ZGraphLayout,
  ZIdParams,
  ZNode,
  ZProjectGraph,
  toGraphDocument,
} from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/request-user';
import { translateDbError } from '../resources/db-errors';
import { requireProjectRole } from '../resources/project-access';
import { deleteFromGraph, importGraph, loadGraph, saveLayout } from './graph.service';

/** Whole-canvas calls: load it at once, save many moves at once, delete, import and export. */
export async function graphRoutes(app: FastifyInstance, { db }: { db: TDb }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['graph'];
  const base = '/projects/:id/graph';

  r.get(
    base,
    { schema: { tags, params: ZIdParams, response: { 200: ZProjectGraph } } },
    async (request) => {
      await requireProjectRole(db, requireUser(request), request.params.id, 'viewer');
      return loadGraph(db, request.params.id);
    },
  );

  r.put(
    `${base}/layout`,
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZGraphLayout,
        response: { 200: z.object({ nodes: z.array(ZNode) }) },
      },
    },
    async (request) => saveLayout(db, requireUser(request), request.params.id, request.body),
  );

  r.post(
    `${base}/delete`,
    { schema: { tags, params: ZIdParams, body: ZGraphDelete } },
    async (request) => deleteFromGraph(db, requireUser(request), request.params.id, request.body),
  );

  r.post(
    `${base}/import`,
    {
      bodyLimit: 20 * 1024 * 1024,
      schema: {
        tags,
        params: ZIdParams,
        body: ZGraphImport,
        response: { 201: ZGraphImportResult },
      },
    },
    async (request, reply) => {
      const result = await importGraph(
        db,
        requireUser(request),
        request.params.id,
        request.body,
      ).catch((error: unknown) => translateDbError(error, 'write'));
      return reply.status(201).send(result);
    },
  );

  r.get(
    `${base}/export`,
    { schema: { tags, params: ZIdParams, querystring: z.object({ nodeId: z.guid().optional() }) } },
    async (request, reply) => {
      await requireProjectRole(db, requireUser(request), request.params.id, 'viewer');
      const graph = await loadGraph(db, request.params.id);
      const { nodeId } = request.query;
      if (nodeId && !graph.nodes.some((node) => node.id === nodeId))
        throw new AppError('not_found', 'Node not found');
      const document = toGraphDocument(graph, nodeId ? [nodeId] : undefined);
      return reply
        .header('content-disposition', 'attachment; filename="workflow.flowsmith.json"')
        .send(document);
    },
  );
}
