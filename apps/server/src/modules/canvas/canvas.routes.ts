import type { FastifyInstance } from 'fastify';
import {
  ZCanvasChanges,
  ZCanvasChangesQuery,
  ZGraphDelete,
  ZGraphExportQuery,
  ZGraphImport,
  ZGraphImportResult,
  ZGraphLayout,
  ZGraphLayoutResult,
  ZIdParams,
  ZProjectGraph,
} from '@flowsmith/shared';
import { moduleRoutes } from '../module-routes';
import { deleteFromGraph, exportGraph, getGraph, saveLayout } from './canvas.service';
import { canvasChanges, startCanvasFeed } from './canvas-feed';
import { importGraph } from './graph-import';

/**
 * Whole-canvas calls: load it at once, what changed after an offset, save many moves at once,
 * delete, import and export.
 * Single nodes, groups, handles and connections are generic resources.
 */
export async function canvasRoutes(app: FastifyInstance) {
  const { r, db } = moduleRoutes(app, 'graph');
  const base = '/projects/:id/graph';

  await startCanvasFeed(app);

  r.get(
    base,
    { schema: { params: ZIdParams, response: { 200: ZProjectGraph } } },
    async (request, reply) =>
      reply
        // The rows are built field by field in this shape (a test holds them to it): checking a
        // canvas of a thousand nodes against the schema again took a fifth of the request.
        .serializer(JSON.stringify)
        .send(await getGraph(db, request.user, request.params.id)),
  );

  r.get(
    `${base}/changes`,
    {
      schema: {
        params: ZIdParams,
        querystring: ZCanvasChangesQuery,
        response: { 200: ZCanvasChanges },
      },
    },
    (request) => canvasChanges(db, request.user, request.params.id, request.query.after),
  );

  r.put(
    `${base}/layout`,
    { schema: { params: ZIdParams, body: ZGraphLayout, response: { 200: ZGraphLayoutResult } } },
    (request) => saveLayout(db, request.user, request.params.id, request.body),
  );

  r.post(`${base}/delete`, { schema: { params: ZIdParams, body: ZGraphDelete } }, (request) =>
    deleteFromGraph(db, request.user, request.params.id, request.body),
  );

  r.post(
    `${base}/import`,
    {
      bodyLimit: 20 * 1024 * 1024,
      schema: {
        params: ZIdParams,
        body: ZGraphImport,
        response: { 201: ZGraphImportResult },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        // Plain JSON: the schema's serializer would drop an `idMap` key such as `__proto__`,
        // which a file may use as a node id.
        .serializer(JSON.stringify)
        .send(await importGraph(db, request.user, request.params.id, request.body)),
  );

  r.get(
    `${base}/export`,
    { schema: { params: ZIdParams, querystring: ZGraphExportQuery } },
    async (request, reply) =>
      reply
        .header('content-disposition', 'attachment; filename="workflow.flowsmith.json"')
        .send(await exportGraph(db, request.user, request.params.id, request.query.nodeId)),
  );
}
