import { ZRun, ZRunListQuery } from '@flowsmith/shared';
import { runs } from '../../db/schema/index';
import { apiRow } from '../resources/api-row';
import { columnsOf } from '../resources/list-query';
import type { TResourceDefinition } from '../resources/resource.types';

/**
 * Past and current runs of a project; editors may remove a run from the history. Runs are
 * started and cancelled by the calls of runs.routes.ts, so no generic create is declared.
 */
export const runsResource: TResourceDefinition = {
  name: 'runs',
  table: runs,
  scope: { kind: 'project' },
  writes: { create: true, update: false, remove: true },
  schemas: { row: ZRun, listQuery: ZRunListQuery },
  columns: columnsOf(runs, 'id', 'projectId', 'nodeGroupId', 'status', 'createdAt'),
  defaultSort: '-createdAt',
  toApi: apiRow,
};
