import { ZReqLog, ZReqLogListQuery } from '@flowsmith/shared';
import { apiRow } from '../resources/api-row';
import { clipInfo, clipRow } from '../resources/list-query';
import type { TDbRow, TResourceDefinition } from '../resources/resource.types';
import { reqLogList } from './req-logs.repo';
import { readableLogs } from './req-logs.service';

const clippable = Object.keys(reqLogList.clippedInLists!);

/** A log row as the API shows it: `truncated` when a list cut its prompt, response or error. */
function reqLogToApi(stored: Record<string, unknown>) {
  const { row, truncated } = clipInfo(stored, clippable);
  return { ...apiRow(row as TDbRow), truncated };
}

/** A new row as it goes out live: as a list would show it. */
export const liveReqLog = (row: Record<string, unknown>) =>
  reqLogToApi(clipRow(row, reqLogList.clippedInLists!));

/** The AI request log: read-only, visible as `readableLogs` says. */
export const reqLogsResource: TResourceDefinition = {
  name: 'req_logs',
  ...reqLogList,
  scope: { kind: 'catalog' },
  readOnly: true,
  readScope: ({ db, user }) => readableLogs(db, user),
  schemas: { row: ZReqLog, listQuery: ZReqLogListQuery },
  toApi: reqLogToApi,
};
