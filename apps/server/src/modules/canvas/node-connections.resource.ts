import {
  ZNodeConnection,
  ZNodeConnectionCreate,
  ZNodeConnectionListQuery,
  ZNodeConnectionUpdate,
  type TFieldVersions,
  type TNodeConnection,
  type TNodeConnectionUpdate,
} from '@flowsmith/shared';
import { nodeConnections } from '../../db/schema/index';
import { apiRow } from '../resources/api-row';
import { columnsOf } from '../resources/list-query';
import type { TResourceDefinition } from '../resources/resource.types';
import { publishChange } from './canvas-changes';
import { checkConnection } from './canvas-rules';
import { nextVersions, changedFields } from './field-versions';

export const nodeConnectionsResource: TResourceDefinition = {
  name: 'node_connections',
  table: nodeConnections,
  scope: { kind: 'project' },
  schemas: {
    row: ZNodeConnection,
    create: ZNodeConnectionCreate,
    update: ZNodeConnectionUpdate,
    listQuery: ZNodeConnectionListQuery,
  },
  columns: columnsOf(nodeConnections, 'id', 'projectId', 'source', 'target', 'createdAt'),
  defaultSort: 'createdAt',
  toApi: apiRow,
  /** Each field on its own, refused when changed from a stale base version. */
  toUpdate(body, existing) {
    const { baseVersions, ...fields } = body as TNodeConnectionUpdate;
    const changed = changedFields(
      Object.fromEntries(
        Object.entries(fields).map(([key, value]) => [key, [existing[key], value]]),
      ) as Record<string, [unknown, unknown]>,
    );
    if (!changed.length) return {};
    const versions = nextVersions(existing.versions as TFieldVersions, changed, baseVersions, () =>
      apiRow(existing),
    );
    return { ...Object.fromEntries(changed.map((key) => [key, body[key]])), versions };
  },
  validate: (candidate, { db }) =>
    checkConnection(db, candidate as Parameters<typeof checkConnection>[1]),
  async afterWrite(kind, row, ctx) {
    const projectId = row.projectId as string;
    await publishChange(
      ctx,
      projectId,
      kind === 'remove'
        ? { remove: { connections: [row.id] } }
        : { upsert: { connections: [apiRow(row) as TNodeConnection] } },
    );
  },
};
