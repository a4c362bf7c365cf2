import {
  nodeKindOf,
  ZNode,
  ZNodeCreate,
  ZNodeListQuery,
  ZNodeUpdate,
  type TNodeData,
  type TNodeUpdate,
} from '@flowsmith/shared';
import { eq } from 'drizzle-orm';
import { nodeGroups, nodeInputs, nodeOutputs, nodes } from '../../db/schema/index';
import { columnsOf } from '../resources/list-query';
import type { TDbRow, TResourceDefinition, TValues } from '../resources/resource.types';
import { publishChange, publishNodes } from './canvas-changes';
import { checkParent, invalid } from './canvas-rules';
import { bumpVersion, changedFields, nextVersions } from './field-versions';
import { nodeTypeOf } from './canvas.repo';
import { checkModelChoice } from '../models/model-choice';

type TNodeRow = typeof nodes.$inferSelect;

export function nodeToApi(row: TDbRow) {
  const node = row as unknown as TNodeRow;
  return {
    id: node.id,
    projectId: node.projectId,
    type: node.type,
    position: { x: node.positionX, y: node.positionY },
    data: node.data,
    width: node.width,
    height: node.height,
    parentId: node.parentId,
    versions: node.versions,
    createdAt: node.createdAt.toISOString(),
    updatedAt: node.updatedAt.toISOString(),
  };
}

const modelParamOf = (row: TValues): unknown => (row.data as TNodeData | undefined)?.params.model;

export const nodesResource: TResourceDefinition = {
  name: 'nodes',
  table: nodes,
  scope: { kind: 'project' },
  schemas: { row: ZNode, create: ZNodeCreate, update: ZNodeUpdate, listQuery: ZNodeListQuery },
  columns: columnsOf(nodes, 'id', 'projectId', 'type', 'parentId', 'createdAt', 'updatedAt'),
  defaultSort: 'createdAt',
  toApi: nodeToApi,
  async toInsert(body, { db }) {
    const kind = nodeKindOf(body.type as string);
    const type = kind && (await nodeTypeOf(db, kind.kind));
    if (!kind || !type) throw invalid('type', `Unknown node type "${String(body.type)}"`);
    // A new node's params start from the values its kind starts nodes with.
    const initial = kind.params.flatMap((p) =>
      p.defaultValue === null ? [] : [[p.name, p.defaultValue] as const],
    );
    const data = body.data as TNodeData;
    const position = body.position as { x: number; y: number };
    return {
      type: type.kind,
      positionX: position.x,
      positionY: position.y,
      data: {
        title: data.title || type.name,
        params: { ...Object.fromEntries(initial), ...data.params },
      },
      width: body.width,
      height: body.height,
      parentId: body.parentId,
    };
  },
  /**
   * Only what is given changes: the title, each param by its key, the layout (position, size,
   * parent) on its own. A field changed from a stale base version is a conflict.
   */
  toUpdate(body, existingRow) {
    const existing = existingRow as unknown as TNodeRow;
    const update = body as TNodeUpdate;
    const values: TValues = {};
    const params = update.data?.params ?? {};
    const data = {
      title: update.data?.title ?? existing.data.title,
      params: { ...existing.data.params, ...params },
    };
    const position = update.position;
    const layout = {
      positionX: position?.x ?? existing.positionX,
      positionY: position?.y ?? existing.positionY,
      width: update.width === undefined ? existing.width : update.width,
      height: update.height === undefined ? existing.height : update.height,
      parentId: update.parentId === undefined ? existing.parentId : update.parentId,
    };
    const changed = changedFields({
      title: [existing.data.title, update.data?.title],
      layout: [
        [
          existing.positionX,
          existing.positionY,
          existing.width,
          existing.height,
          existing.parentId,
        ],
        [layout.positionX, layout.positionY, layout.width, layout.height, layout.parentId],
      ],
      ...Object.fromEntries(
        Object.entries(params).map(([key, value]) => [
          `params.${key}`,
          [existing.data.params[key], value] as [unknown, unknown],
        ]),
      ),
    });
    if (!changed.length) return values;
    const versions = nextVersions(existing.versions, changed, update.baseVersions, () =>
      nodeToApi(existingRow),
    );
    if (changed.includes('layout')) Object.assign(values, layout);
    if (changed.some((field) => field !== 'layout')) values.data = data;
    return { ...values, versions };
  },
  async validate(candidate, { db, user }, existing) {
    const parentId = candidate.parentId as string | null;
    if (parentId && parentId !== existing?.parentId) {
      await checkParent(db, candidate.projectId as string, existing?.id, parentId);
    }
    // Checked when it changes: a model another member chose from their own key stays theirs.
    const model = modelParamOf(candidate);
    if (model !== (existing && modelParamOf(existing)))
      await checkModelChoice(db, user, 'params.model', model);
  },
  /** A node gets the inputs and outputs of its type; a group node gets its group row. */
  async afterCreate(row, { db }) {
    const node = row as unknown as TNodeRow;
    const kind = nodeKindOf(node.type)!;
    const handle = (h: { name: string; label: string; type: string }) => ({
      projectId: node.projectId,
      nodeId: node.id,
      name: h.name,
      label: h.label,
      type: h.type,
    });
    if (kind.inputs.length) await db.insert(nodeInputs).values(kind.inputs.map(handle));
    if (kind.outputs.length) await db.insert(nodeOutputs).values(kind.outputs.map(handle));
    if (kind.flags.group) {
      await db
        .insert(nodeGroups)
        .values({ projectId: node.projectId, nodeId: node.id, name: node.data.title });
    }
  },
  /** A group node and its group row are one thing: their names stay equal. */
  async afterUpdate(row, { db }, existing) {
    const node = row as unknown as TNodeRow;
    if (node.data.title !== (existing as unknown as TNodeRow).data.title) {
      await db
        .update(nodeGroups)
        .set({ name: node.data.title, versions: bumpVersion(nodeGroups.versions, 'name') })
        .where(eq(nodeGroups.nodeId, node.id));
    }
  },
  async afterWrite(kind, row, ctx) {
    const projectId = row.projectId as string;
    if (kind === 'remove') await publishChange(ctx, projectId, { remove: { nodes: [row.id] } });
    else await publishNodes(ctx.db, ctx.user, projectId, [row.id]);
  },
};
