import { and, count, eq, gte, isNull, lt, or, sql, sum, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { reqLogs } from '../../db/schema/index';
import { whereOf, type TListFilters, type TListSpec } from '../resources/list-query';

/** How the request log is listed, filtered and summed. */
export const reqLogList: TListSpec = {
  table: reqLogs,
  columns: {
    id: reqLogs.id,
    projectId: reqLogs.projectId,
    runId: reqLogs.runId,
    customAiId: reqLogs.customAiId,
    conversationId: reqLogs.conversationId,
    model: reqLogs.model,
    provider: reqLogs.provider,
    status: reqLogs.status,
    createdAt: reqLogs.createdAt,
    latencyMs: reqLogs.latencyMs,
    cost: reqLogs.cost,
    inputTokens: reqLogs.inputTokens,
    outputTokens: reqLogs.outputTokens,
  },
  customFilters: {
    from: (value: string) => gte(reqLogs.createdAt, new Date(value)),
    to: (value: string) => lt(reqLogs.createdAt, new Date(value)),
  },
  defaultSort: '-createdAt',
  searchColumns: [reqLogs.model, reqLogs.prompt],
};

/** SQL: rows of the user's projects (`inProjects`), and their own calls made outside one. */
export function readableBy(userId: string, inProjects: SQL) {
  return or(inProjects, and(isNull(reqLogs.projectId), eq(reqLogs.userId, userId)));
}

/** Totals and per-day sums of the rows in `scope` that match the list's filters. */
export async function summary(db: TDb, scope: SQL | undefined, filters: TListFilters) {
  const where = whereOf(reqLogList, filters, scope);
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
  return { totals, days };
}
