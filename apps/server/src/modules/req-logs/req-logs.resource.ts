import { ZReqLog, ZReqLogListQuery } from '@flowsmith/shared';
import { apiRow } from '../resources/api-row';
import type { TResourceDefinition } from '../resources/resource.types';
import { reqLogList } from './req-logs.repo';
import { readableLogs } from './req-logs.service';

/** The AI request log: read-only, visible as `readableLogs` says. */
export const reqLogsResource: TResourceDefinition = {
  name: 'req_logs',
  ...reqLogList,
  scope: { kind: 'catalog' },
  readOnly: true,
  readScope: ({ db, user }) => readableLogs(db, user),
  schemas: { row: ZReqLog, listQuery: ZReqLogListQuery },
  toApi: apiRow,
};
