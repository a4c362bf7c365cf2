import { ZReqLog, ZReqLogListQuery } from '@flowsmith/shared';
import { and, eq, gte, isNull, lt, or } from 'drizzle-orm';
import { reqLogs } from '../../db/schema/index';
import { apiRow } from '../resources/api-row';
import { inMemberProjects } from '../resources/project-access';
import type { TResourceDefinition } from '../resources/resource.types';

/**
 * The AI request log, written by the product on every model call: members read their projects'
 * rows, and everyone reads their own calls made outside a project.
 */
export const reqLogsResource: TResourceDefinition = {
  name: 'req_logs',
  table: reqLogs,
  scope: { kind: 'catalog' },
  readOnly: true,
  readScope: ({ db, user }) =>
    or(
      inMemberProjects(db, reqLogs.projectId, user.id),
      and(isNull(reqLogs.projectId), eq(reqLogs.userId, user.id)),
    ),
  schemas: { row: ZReqLog, listQuery: ZReqLogListQuery },
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
  toApi: apiRow,
};
