import type { TReqLogSummary, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { reqLogs } from '../../db/schema/index';
import { projectAccess } from '../projects/project-access';
import { readableBy, summary } from './req-logs.repo';

/**
 * The request log is written by the product on every model call: members read their projects'
 * rows, and everyone reads their own calls made outside a project.
 */
export const readableLogs = (db: TDb, user: TUser) =>
  readableBy(user.id, projectAccess.visible(db, reqLogs.projectId, user.id));

/** Totals and a per-day series of the request log, under the same filters as its list. */
export async function summarize(
  db: TDb,
  user: TUser,
  // The summary is of the filtered log as a whole: a search narrows the list only.
  { search: _search, ...filters }: Record<string, unknown>,
): Promise<TReqLogSummary> {
  const { totals, days } = await summary(db, readableLogs(db, user), filters);
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
}
