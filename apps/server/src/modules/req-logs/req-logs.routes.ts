import { and, count, eq, gte, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZReqLogSummary, ZReqLogSummaryQuery } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { reqLogs } from '../../db/schema/index';
import { requireUser } from '../../plugins/request-user';
import { reqLogsResource } from './req-logs.resource';

/** Totals and a per-day series of the request log, under the same filters as its list. */
export async function reqLogsRoutes(app: FastifyInstance, { db }: { db: TDb }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/req_logs/summary',
    {
      schema: {
        tags: ['req_logs'],
        querystring: ZReqLogSummaryQuery,
        response: { 200: ZReqLogSummary },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { search: _search, from, to, ...filters } = request.query;
      const conditions: Array<SQL | undefined> = [
        reqLogsResource.readScope!({ db, user, scratch: new Map() }),
      ];
      for (const [key, value] of Object.entries(filters)) {
        const column = reqLogsResource.columns[key];
        if (column && value !== undefined) conditions.push(eq(column, value));
      }
      if (from) conditions.push(gte(reqLogs.createdAt, new Date(from)));
      if (to) conditions.push(lt(reqLogs.createdAt, new Date(to)));
      const where = and(...conditions);
      const tokens = sql<number>`${reqLogs.inputTokens} + ${reqLogs.outputTokens}`;
      const day = sql<string>`to_char(${reqLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const [totals] = await db
        .select({
          requests: count(),
          failed: sql<number>`count(*) filter (where ${reqLogs.status} = 'failed')`,
          inputTokens: sum(reqLogs.inputTokens),
          outputTokens: sum(reqLogs.outputTokens),
          cost: sum(reqLogs.cost),
        })
        .from(reqLogs)
        .where(where);
      const days = await db
        .select({ day, requests: count(), tokens: sum(tokens), cost: sum(reqLogs.cost) })
        .from(reqLogs)
        .where(where)
        .groupBy(day)
        .orderBy(day);
      return {
        requests: Number(totals?.requests ?? 0),
        failed: Number(totals?.failed ?? 0),
        inputTokens: Number(totals?.inputTokens ?? 0),
        outputTokens: Number(totals?.outputTokens ?? 0),
        cost: Number(totals?.cost ?? 0),
        perDay: days.map((d) => ({
          day: d.day,
          requests: Number(d.requests),
          tokens: Number(d.tokens ?? 0),
          cost: Number(d.cost ?? 0),
        })),
      };
    },
  );
}
