import {
  ZNodeGroup,
  ZNodeGroupCreate,
  ZNodeGroupListQuery,
  ZNodeGroupUpdate,
  type TFieldVersions,
  type TNodeGroupUpdate,
} from '@flowsmith/shared';
import { eq, sql } from 'drizzle-orm';
import { nodeGroups, nodes } from '../../db/schema/index';
import { apiRow } from '../resources/api-row';
import { columnsOf } from '../resources/list-query';
import type { TResourceDefinition } from '../resources/resource.types';
import { publishChange, publishNodes } from './canvas-changes';
import { checkParent } from './canvas-rules';
import { bumpVersion, changedFields, nextVersions } from './field-versions';

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
  columns: columnsOf(nodeGroups, 'id', 'projectId', 'nodeId', 'name', 'createdAt'),
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
  /** The name and each setting on their own; settings merge key by key. */
  toUpdate(body, existing) {
    const update = body as TNodeGroupUpdate;
    const stored = existing.settings as Record<string, unknown>;
    const settings = update.settings ?? {};
    const changed = changedFields({
      name: [existing.name, update.name],
      ...Object.fromEntries(
        Object.entries(settings).map(([key, value]) => [
          `settings.${key}`,
          [stored[key], value] as [unknown, unknown],
        ]),
      ),
    });
    if (!changed.length) return {};
    const versions = nextVersions(
      existing.versions as TFieldVersions,
      changed,
      update.baseVersions,
      () => apiRow(existing),
    );
    return {
      ...(changed.includes('name') ? { name: update.name } : {}),
      ...(changed.some((field) => field.startsWith('settings.'))
        ? { settings: { ...stored, ...settings } }
        : {}),
      versions,
    };
  },
  async afterUpdate(row, { db }, existing) {
    if (row.name === existing.name) return;
    await db
      .update(nodes)
      .set({
        data: sql`jsonb_set(${nodes.data}, '{title}', to_jsonb(${row.name as string}::text))`,
        versions: bumpVersion(nodes.versions, 'title'),
      })
      .where(eq(nodes.id, row.nodeId as string));
  },
  async afterWrite(kind, row, ctx) {
    const projectId = row.projectId as string;
    const nodeId = row.nodeId as string;
    if (kind === 'remove') await publishChange(ctx, projectId, { remove: { nodes: [nodeId] } });
    else await publishNodes(ctx.db, ctx.user, projectId, [nodeId]);
  },
  /** Removing a group removes its node, and with it the nodes inside. */
  async remove(row, { db }) {
    await db.delete(nodes).where(eq(nodes.id, row.nodeId as string));
  },
};
