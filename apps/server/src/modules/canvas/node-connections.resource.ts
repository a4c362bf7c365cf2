import {
  ZNodeConnection,
  ZNodeConnectionCreate,
  ZNodeConnectionListQuery,
  ZNodeConnectionUpdate,
} from '@flowsmith/shared';
import { nodeConnections } from '../../db/schema/index';
import { apiRow } from '../resources/api-row';
import type { TResourceDefinition } from '../resources/resource.types';
import { checkConnection } from './canvas-rules';

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
  columns: {
    id: nodeConnections.id,
    projectId: nodeConnections.projectId,
    source: nodeConnections.source,
    target: nodeConnections.target,
    createdAt: nodeConnections.createdAt,
  },
  defaultSort: 'createdAt',
  toApi: apiRow,
  validate: (candidate, { db }) =>
    checkConnection(db, candidate as Parameters<typeof checkConnection>[1]),
};
