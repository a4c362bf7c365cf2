import {
  nodeKindOf,
  toGraphDocument,
  type TFieldError,
  type TGraphDocument,
  type TGraphLayout,
  type TProjectGraph,
  type TUser,
} from '@flowsmith/shared';
import { inTransaction, type TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { projectAccess } from '../projects/project-access';
import { apiRow } from '../resources/api-row';
import type { TDbRow } from '../resources/resource.types';
import { nodes } from '../../db/schema/index';
import { updateRow } from '../resources/resources.repo';
import { canvasOffset, recordCanvasChange } from './canvas-changes.repo';
import * as repo from './canvas.repo';
import { bumpVersion } from './field-versions';
import { nodeToApi } from './nodes.resource';

/** A 400 naming every field with a problem. */
export function invalidFields(details: TFieldError[]): AppError {
  return new AppError('validation_error', 'The request is not valid', details);
}

/** Everything on a project's canvas (or on some of its nodes), in the API's shapes. */
export async function loadGraph(
  db: TDb,
  projectId: string,
  onlyNodeIds?: string[],
): Promise<TProjectGraph> {
  return graphToApi(projectId, await repo.graphRows(db, projectId, onlyNodeIds));
}

/** A graph's rows (see `graphRows`) in the API's shapes. */
export function graphToApi(
  projectId: string,
  rows: ReturnType<typeof repo.graphFromJson>,
): TProjectGraph {
  const row = (r: object) => apiRow(r as TDbRow) as never;
  return {
    projectId,
    nodes: rows.nodes.map((r) => nodeToApi(r as unknown as TDbRow)),
    connections: rows.connections.map(row),
    inputs: rows.inputs.map(row),
    outputs: rows.outputs.map(row),
    groups: rows.groups.map(row),
  };
}

export async function getGraph(db: TDb, user: TUser, projectId: string) {
  await projectAccess.require(db, user, projectId, 'viewer');
  // Read before the rows: replaying changes after it converges on the rows however they raced.
  const offset = await canvasOffset(db, projectId);
  return { ...(await loadGraph(db, projectId)), offset };
}

/** A workflow file of the canvas, or of one node with everything inside it. */
export async function exportGraph(
  db: TDb,
  user: TUser,
  projectId: string,
  nodeId: string | undefined,
): Promise<TGraphDocument> {
  const graph = await getGraph(db, user, projectId);
  if (nodeId && !graph.nodes.some((node) => node.id === nodeId))
    throw new AppError('not_found', 'Node not found');
  return toGraphDocument(graph, nodeId ? [nodeId] : undefined);
}

export const isGroupKind = (kind: string) => nodeKindOf(kind)?.flags.group === true;

/** Moves, resizes and re-parents many nodes at once; all or nothing. */
export function saveLayout(db: TDb, user: TUser, projectId: string, layout: TGraphLayout) {
  return inTransaction(db, async (tx) => {
    await projectAccess.require(tx, user, projectId, 'editor');
    const current = await repo.projectNodes(tx, projectId);
    const byId = new Map(current.map((n) => [n.id, n]));
    const problems: TFieldError[] = [];
    const parentOf = new Map(current.map((n) => [n.id, n.parentId]));
    layout.nodes.forEach((change, i) => {
      if (!byId.has(change.id))
        problems.push({ field: `nodes.${i}.id`, message: 'No such node in this project' });
      if (change.parentId !== undefined) parentOf.set(change.id, change.parentId);
    });
    layout.nodes.forEach((change, i) => {
      const parentId = change.parentId;
      if (!parentId) return;
      const parent = byId.get(parentId);
      if (!parent)
        problems.push({ field: `nodes.${i}.parentId`, message: 'No such node in this project' });
      else if (!isGroupKind(parent.type))
        problems.push({ field: `nodes.${i}.parentId`, message: 'The parent must be a group node' });
      let ancestor: string | null | undefined = parentId;
      for (let depth = 0; ancestor && depth <= current.length; depth++) {
        if (ancestor === change.id) {
          problems.push({
            field: `nodes.${i}.parentId`,
            message: 'A group cannot be placed inside itself',
          });
          break;
        }
        ancestor = parentOf.get(ancestor);
      }
    });
    if (problems.length) throw invalidFields(problems);
    const stale = layout.nodes.flatMap((change, i) => {
      const stored = byId.get(change.id)!.versions.layout ?? 0;
      return change.baseVersion !== undefined && change.baseVersion !== stored ? [i] : [];
    });
    if (stale.length) {
      const ids = stale.map((i) => layout.nodes[i]!.id);
      throw new AppError(
        'conflict',
        'Someone else moved these nodes meanwhile',
        stale.map((i) => ({ field: `nodes.${i}`, message: 'Moved by someone else meanwhile' })),
        { nodes: (await loadGraph(tx, projectId, ids)).nodes },
      );
    }
    const updated = [];
    for (const change of layout.nodes) {
      const row = await updateRow(tx, nodes, change.id, {
        positionX: change.position.x,
        positionY: change.position.y,
        ...(change.width !== undefined ? { width: change.width } : {}),
        ...(change.height !== undefined ? { height: change.height } : {}),
        ...(change.parentId !== undefined ? { parentId: change.parentId } : {}),
        versions: bumpVersion(nodes.versions, 'layout'),
      });
      updated.push(nodeToApi(row as unknown as TDbRow));
    }
    await recordCanvasChange(tx, user, projectId, { upsert: { nodes: updated } });
    return { nodes: updated };
  });
}

/** Removes nodes (with their handles, connections and children) and connections at once. */
export function deleteFromGraph(
  db: TDb,
  user: TUser,
  projectId: string,
  ids: { nodeIds: string[]; connectionIds: string[] },
) {
  return inTransaction(db, async (tx) => {
    await projectAccess.require(tx, user, projectId, 'editor');
    const deleted = await repo.deleteNodesAndConnections(tx, projectId, ids);
    if (deleted.nodes || deleted.connections) {
      await recordCanvasChange(tx, user, projectId, {
        remove: { nodes: ids.nodeIds, connections: ids.connectionIds },
      });
    }
    return { deleted };
  });
}
