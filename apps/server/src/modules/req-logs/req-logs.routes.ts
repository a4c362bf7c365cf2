import type { FastifyInstance } from 'fastify';
import { ZReqLogSummary, ZReqLogSummaryQuery } from '@flowsmith/shared';
import { moduleRoutes } from '../module-routes';
import { summarize } from './req-logs.service';

/** The request log's summary; its rows are listed through the generic `req_logs` resource. */
export async function reqLogsRoutes(app: FastifyInstance) {
  const { r, db } = moduleRoutes(app, 'req_logs');
  r.get(
    '/req_logs/summary',
    { schema: { querystring: ZReqLogSummaryQuery, response: { 200: ZReqLogSummary } } },
    (request) => summarize(db, request.user, request.query),
  );
}
