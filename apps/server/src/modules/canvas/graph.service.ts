import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  nodeKindOf,
  parseGraphDocument,
  type TFieldError,
  type TGraphDocument,
  type TGraphLayout,
  type TProjectGraph,
  type TUser,
} from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { nodeConnections, nodeGroups, nodeInputs, nodeOutputs, nodes } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { apiRow } from '../resources/api-row';
import { requireProjectRole } from '../resources/project-access';
import type { TDbRow } from '../resources/resource.types';
import { nodeToApi } from './nodes.resource';

const CHUNK = 500;

async function insertChunked<T>(items: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += CHUNK) await insert(items.slice(i, i + CHUNK));
}

function invalid(details: TFieldError[]): AppError {
  return new AppError('validation_error', 'The request is not valid', details);
}

/** Everything on a project's canvas, in the API's shapes. */
export async function loadGraph(
  db: TDb,
  projectId: string,
  onlyNodeIds?: string[],
): Promise<TProjectGraph> {
  const byNode = <T extends { nodeId: unknown }>(table: T) =>
    onlyNodeIds ? inArray(table.nodeId as never, onlyNodeIds) : undefined;
  const [nodeRows, connectionRows, inputRows, outputRows, groupRows] = await Promise.all([
    db
      .select()
      .from(nodes)
      .where(
        and(
          eq(nodes.projectId, projectId),
          onlyNodeIds ? inArray(nodes.id, onlyNodeIds) : undefined,
        ),
      )
      .orderBy(nodes.createdAt, nodes.id),
    db
      .select()
      .from(nodeConnections)
      .where(
        and(
          eq(nodeConnections.projectId, projectId),
          onlyNodeIds ? inArray(nodeConnections.source, onlyNodeIds) : undefined,
        ),
      )
      .orderBy(nodeConnections.createdAt, nodeConnections.id),
    db
      .select()
      .from(nodeInputs)
      .where(and(eq(nodeInputs.projectId, projectId), byNode(nodeInputs)))
      .orderBy(nodeInputs.createdAt, nodeInputs.id),
    db
      .select()
      .from(nodeOutputs)
      .where(and(eq(nodeOutputs.projectId, projectId), byNode(nodeOutputs)))
      .orderBy(nodeOutputs.createdAt, nodeOutputs.id),
    db
      .select()
      .from(nodeGroups)
      .where(and(eq(nodeGroups.projectId, projectId), byNode(nodeGroups))),
  ]);
  const row = (r: object) => apiRow(r as TDbRow) as never;
  return {
    projectId,
    nodes: nodeRows.map((r) => nodeToApi(r as unknown as TDbRow)),
    connections: connectionRows.map(row),
    inputs: inputRows.map(row),
    outputs: outputRows.map(row),
    groups: groupRows.map(row),
  };
}

const isGroupKind = (kind: string | undefined) =>
  kind !== undefined && nodeKindOf(kind)?.flags.group === true;

/** Moves, resizes and re-parents many nodes at once; all or nothing. */
export async function saveLayout(db: TDb, user: TUser, projectId: string, layout: TGraphLayout) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as TDb;
    await requireProjectRole(t, user, projectId, 'editor');
    const current = await t
      .select({ id: nodes.id, type: nodes.type, parentId: nodes.parentId })
      .from(nodes)
      .where(eq(nodes.projectId, projectId));
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
    if (problems.length) throw invalid(problems);
    const updated = [];
    for (const change of layout.nodes) {
      const [row] = await tx
        .update(nodes)
        .set({
          positionX: change.position.x,
          positionY: change.position.y,
          ...(change.width !== undefined ? { width: change.width } : {}),
          ...(change.height !== undefined ? { height: change.height } : {}),
          ...(change.parentId !== undefined ? { parentId: change.parentId } : {}),
          updatedAt: new Date(),
        })
        .where(eq(nodes.id, change.id))
        .returning();
      updated.push(nodeToApi(row as unknown as TDbRow));
    }
    return { nodes: updated };
  });
}

/** Removes nodes (with their handles, connections and children) and connections at once. */
export async function deleteFromGraph(
  db: TDb,
  user: TUser,
  projectId: string,
  ids: { nodeIds: string[]; connectionIds: string[] },
) {
  return db.transaction(async (tx) => {
    await requireProjectRole(tx as unknown as TDb, user, projectId, 'editor');
    const connections = ids.connectionIds.length
      ? await tx
          .delete(nodeConnections)
          .where(
            and(
              eq(nodeConnections.projectId, projectId),
              inArray(nodeConnections.id, ids.connectionIds),
            ),
          )
          .returning({ id: nodeConnections.id })
      : [];
    const removed = ids.nodeIds.length
      ? await tx
          .delete(nodes)
          .where(and(eq(nodes.projectId, projectId), inArray(nodes.id, ids.nodeIds)))
          .returning({ id: nodes.id })
      : [];
    return { deleted: { nodes: removed.length, connections: connections.length } };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Restoring puts nodes and edges back under their own ids, which must be UUIDs. */
function restoreProblems(document: TGraphDocument): TFieldError[] {
  const problem = (what: 'nodes' | 'edges', i: number) => ({
    field: `graph.${what}.${i}.id`,
    message: `Restoring needs ${what === 'nodes' ? 'node' : 'edge'} ids that are UUIDs`,
  });
  return [
    ...document.nodes.flatMap((node, i) => (UUID.test(node.id) ? [] : [problem('nodes', i)])),
    ...document.edges.flatMap((edge, i) => (UUID.test(edge.id) ? [] : [problem('edges', i)])),
  ];
}

type TImportRequest = {
  graph: unknown;
  mode: 'copy' | 'restore';
  parentId: string | null;
  offset: { x: number; y: number };
};

/**
 * Adds a workflow file to a canvas in one transaction: pasted and imported nodes get new ids;
 * restored ones (undo of a delete) keep theirs. A file with any problem writes nothing.
 */
export async function importGraph(
  db: TDb,
  user: TUser,
  projectId: string,
  request: TImportRequest,
) {
  const parsed = parseGraphDocument(request.graph);
  if (!parsed.ok)
    throw invalid(parsed.problems.map((p) => ({ field: `graph.${p.path}`, message: p.message })));
  const document = parsed.document;
  return db.transaction(async (tx) => {
    const t = tx as unknown as TDb;
    await requireProjectRole(t, user, projectId, 'editor');
    const problems = request.mode === 'restore' ? restoreProblems(document) : [];
    if (request.parentId) {
      const [parent] = await t
        .select()
        .from(nodes)
        .where(and(eq(nodes.id, request.parentId), eq(nodes.projectId, projectId)));
      if (!parent) problems.push({ field: 'parentId', message: 'No such node in this project' });
      else if (!isGroupKind(parent.type))
        problems.push({ field: 'parentId', message: 'The parent must be a group node' });
    }
    if (problems.length) throw invalid(problems);

    // Ids from a file are keys of a Map, never of a plain object: "__proto__" is an id like any.
    const idMap = new Map(
      document.nodes.map((node) => [node.id, request.mode === 'copy' ? randomUUID() : node.id]),
    );
    const newId = (id: string) => idMap.get(id)!;
    if (request.mode === 'restore' && document.nodes.length) {
      const taken = await t
        .select({ id: nodes.id })
        .from(nodes)
        .where(inArray(nodes.id, [...idMap.values()]));
      if (taken.length) throw new AppError('conflict', 'Some of these nodes exist already');
    }
    const newIds = [...idMap.values()];
    await insertChunked(document.nodes, (chunk) =>
      tx.insert(nodes).values(
        chunk.map((node) => {
          const top = !node.parentId;
          return {
            id: newId(node.id),
            projectId,
            type: node.type,
            positionX: node.position.x + (top ? request.offset.x : 0),
            positionY: node.position.y + (top ? request.offset.y : 0),
            data: { title: node.data.title, params: node.data.params },
            width: node.width,
            height: node.height,
            parentId: node.parentId ? newId(node.parentId) : request.parentId,
          };
        }),
      ),
    );
    const handles = (side: 'inputs' | 'outputs') =>
      document.nodes.flatMap((node) =>
        node[side].map((h) => ({
          projectId,
          nodeId: newId(node.id),
          name: h.name,
          label: h.label,
          type: h.type,
        })),
      );
    await insertChunked(handles('inputs'), (chunk) => tx.insert(nodeInputs).values(chunk));
    await insertChunked(handles('outputs'), (chunk) => tx.insert(nodeOutputs).values(chunk));
    const groups = document.nodes
      .filter((node) => isGroupKind(node.type))
      .map((node) => ({
        projectId,
        nodeId: newId(node.id),
        name: node.group?.name || node.data.title,
        settings: node.group?.settings ?? {},
      }));
    await insertChunked(groups, (chunk) => tx.insert(nodeGroups).values(chunk));
    const edges = document.edges.map((edge) => ({
      ...(request.mode === 'restore' ? { id: edge.id } : {}),
      projectId,
      source: newId(edge.source),
      target: newId(edge.target),
      sourceHandle: edge.sourceHandle,
      targetHandle: edge.targetHandle,
      label: edge.label,
      type: edge.type,
    }));
    await insertChunked(edges, (chunk) => tx.insert(nodeConnections).values(chunk));
    const graph = newIds.length
      ? await loadGraph(t, projectId, newIds)
      : { projectId, nodes: [], connections: [], inputs: [], outputs: [], groups: [] };
    return { graph, idMap: Object.fromEntries(idMap) };
  });
}
