import {
  nodeKindOf,
  ZNode,
  ZNodeCreate,
  ZNodeListQuery,
  ZNodeUpdate,
  type TNodeData,
} from '@flowsmith/shared';
import { eq } from 'drizzle-orm';
import { nodeGroups, nodeInputs, nodeOutputs, nodes } from '../../db/schema/index';
import type { TDbRow, TResourceDefinition, TValues } from '../resources/resource.types';
import { checkParent, invalid } from './canvas-rules';
import { nodeTypeOf } from './canvas.repo';

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
    createdAt: node.createdAt.toISOString(),
    updatedAt: node.updatedAt.toISOString(),
  };
}

export const nodesResource: TResourceDefinition = {
  name: 'nodes',
  table: nodes,
  scope: { kind: 'project' },
  schemas: { row: ZNode, create: ZNodeCreate, update: ZNodeUpdate, listQuery: ZNodeListQuery },
  columns: {
    id: nodes.id,
    projectId: nodes.projectId,
    type: nodes.type,
    parentId: nodes.parentId,
    createdAt: nodes.createdAt,
    updatedAt: nodes.updatedAt,
  },
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
  toUpdate(body) {
    const values: TValues = {};
    const position = body.position as { x: number; y: number } | undefined;
    if (position) Object.assign(values, { positionX: position.x, positionY: position.y });
    for (const key of ['data', 'width', 'height', 'parentId'] as const) {
      if (body[key] !== undefined) values[key] = body[key];
    }
    return values;
  },
  async validate(candidate, { db }, existing) {
    const parentId = candidate.parentId as string | null;
    if (parentId && parentId !== existing?.parentId) {
      await checkParent(db, candidate.projectId as string, existing?.id, parentId);
    }
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
        .set({ name: node.data.title })
        .where(eq(nodeGroups.nodeId, node.id));
    }
  },
};
