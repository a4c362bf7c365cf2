import {
  ZNodeGroup,
  ZNodeGroupCreate,
  ZNodeGroupListQuery,
  ZNodeGroupUpdate,
} from '@flowsmith/shared';
import { eq, sql } from 'drizzle-orm';
import { nodeGroups, nodes } from '../../db/schema/index';
import { apiRow } from '../resources/api-row';
import type { TResourceDefinition } from '../resources/resource.types';
import { checkParent } from './canvas-rules';

export const nodeGroupsResource: TResourceDefinition = {
  name: 'node_groups',
  table: nodeGroups,
  scope: { kind: 'project' },
  schemas: {
    row: ZNodeGroup,
    create: ZNodeGroupCreate,
    update: ZNodeGroupUpdate,
    listQuery: ZNodeGroupListQuery,
  },
  columns: {
    id: nodeGroups.id,
    projectId: nodeGroups.projectId,
    nodeId: nodeGroups.nodeId,
    name: nodeGroups.name,
    createdAt: nodeGroups.createdAt,
  },
  defaultSort: 'name',
  searchColumns: [nodeGroups.name],
  toApi: apiRow,
  async toInsert(body, { db }) {
    const parentId = body.parentId as string | null;
    if (parentId) await checkParent(db, body.projectId as string, undefined, parentId);
    const position = body.position as { x: number; y: number };
    const [node] = await db
      .insert(nodes)
      .values({
        projectId: body.projectId as string,
        type: body.type as string,
        positionX: position.x,
        positionY: position.y,
        width: body.width as number | null,
        height: body.height as number | null,
        parentId,
        data: { title: body.name as string, params: {} },
      })
      .returning({ id: nodes.id });
    return { nodeId: node!.id, name: body.name, settings: body.settings };
  },
  async afterUpdate(row, { db }) {
    await db
      .update(nodes)
      .set({
        data: sql`jsonb_set(${nodes.data}, '{title}', to_jsonb(${row.name as string}::text))`,
      })
      .where(eq(nodes.id, row.nodeId as string));
  },
  /** Removing a group removes its node, and with it the nodes inside. */
  async remove(row, { db }) {
    await db.delete(nodes).where(eq(nodes.id, row.nodeId as string));
  },
};
