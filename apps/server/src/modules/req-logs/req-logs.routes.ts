import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZReqLogSummary, ZReqLogSummaryQuery } from '@flowsmith/shared';
import { summarize } from './req-logs.service';

/** The request log's summary; its rows are listed through the generic `req_logs` resource. */
export async function reqLogsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/req_logs/summary',
    {
      schema: {
        tags: ['req_logs'],
        querystring: ZReqLogSummaryQuery,
        response: { 200: ZReqLogSummary },
      },
    },
    (request) => summarize(app.db, request.user, request.query),
  );
}
