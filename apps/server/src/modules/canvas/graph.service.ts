import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  areIoTypesCompatible,
  parseGraphDocument,
  type TFieldError,
  type TGraphDocument,
  type TGraphLayout,
  type TIoTypeCode,
  type TProjectGraph,
  type TUser,
} from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import {
  nodeConnections,
  nodeGroups,
  nodeInputs,
  nodeOutputs,
  nodes,
  nodeTypes,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { apiRow } from '../resources/api-row';
import { requireProjectRole } from '../resources/project-access';
import type { TDbRow } from '../resources/resource.types';
import { incompatibility } from './canvas-rules';
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

async function groupKinds(db: TDb): Promise<Map<string, boolean>> {
  const types = await db
    .select({ kind: nodeTypes.kind, isGroup: nodeTypes.isGroup })
    .from(nodeTypes);
  return new Map(types.map((t) => [t.kind, t.isGroup]));
}

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
    const kinds = await groupKinds(t);
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
      else if (!kinds.get(parent.type))
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

/** Problems a valid file can still have against this instance: unknown kinds, bad parents, type clashes. */
function checkAgainstCatalog(
  document: TGraphDocument,
  kinds: Map<string, boolean>,
  mode: 'copy' | 'restore',
) {
  const problems: TFieldError[] = [];
  const byId = new Map(document.nodes.map((n) => [n.id, n]));
  document.nodes.forEach((node, i) => {
    if (!kinds.has(node.type))
      problems.push({
        field: `graph.nodes.${i}.type`,
        message: `Unknown node type "${node.type}"`,
      });
    if (node.parentId && !kinds.get(byId.get(node.parentId)?.type ?? '')) {
      problems.push({
        field: `graph.nodes.${i}.parentId`,
        message: 'The parent must be a group node',
      });
    }
    if (mode === 'restore' && !UUID.test(node.id))
      problems.push({
        field: `graph.nodes.${i}.id`,
        message: 'Restoring needs node ids that are UUIDs',
      });
  });
  const seen = new Set<string>();
  document.nodes.forEach((node, i) => {
    let ancestor = node.parentId;
    seen.clear();
    while (ancestor) {
      if (ancestor === node.id || seen.has(ancestor)) {
        problems.push({
          field: `graph.nodes.${i}.parentId`,
          message: 'Groups are nested in a loop',
        });
        break;
      }
      seen.add(ancestor);
      ancestor = byId.get(ancestor)?.parentId ?? null;
    }
  });
  document.edges.forEach((edge, i) => {
    const output = byId.get(edge.source)!.outputs.find((h) => h.name === edge.sourceHandle)!;
    const input = byId.get(edge.target)!.inputs.find((h) => h.name === edge.targetHandle)!;
    if (!areIoTypesCompatible(output.type as TIoTypeCode, input.type as TIoTypeCode)) {
      problems.push({
        field: `graph.edges.${i}.targetHandle`,
        message: incompatibility(output.type, input.type),
      });
    }
    if (edge.source === edge.target)
      problems.push({
        field: `graph.edges.${i}.target`,
        message: 'A node cannot be connected to itself',
      });
    if (mode === 'restore' && !UUID.test(edge.id))
      problems.push({
        field: `graph.edges.${i}.id`,
        message: 'Restoring needs edge ids that are UUIDs',
      });
  });
  return problems;
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
    const kinds = await groupKinds(t);
    const problems = checkAgainstCatalog(document, kinds, request.mode);
    if (request.parentId) {
      const [parent] = await t
        .select()
        .from(nodes)
        .where(and(eq(nodes.id, request.parentId), eq(nodes.projectId, projectId)));
      if (!parent) problems.push({ field: 'parentId', message: 'No such node in this project' });
      else if (!kinds.get(parent.type))
        problems.push({ field: 'parentId', message: 'The parent must be a group node' });
    }
    if (problems.length) throw invalid(problems);

    const idMap: Record<string, string> = {};
    for (const node of document.nodes)
      idMap[node.id] = request.mode === 'copy' ? randomUUID() : node.id;
    if (request.mode === 'restore' && document.nodes.length) {
      const taken = await t
        .select({ id: nodes.id })
        .from(nodes)
        .where(inArray(nodes.id, Object.values(idMap)));
      if (taken.length) throw new AppError('conflict', 'Some of these nodes exist already');
    }
    const newIds = Object.values(idMap);
    await insertChunked(document.nodes, (chunk) =>
      tx.insert(nodes).values(
        chunk.map((node) => {
          const top = !node.parentId;
          return {
            id: idMap[node.id]!,
            projectId,
            type: node.type,
            positionX: node.position.x + (top ? request.offset.x : 0),
            positionY: node.position.y + (top ? request.offset.y : 0),
            data: { title: node.data.title, params: node.data.params },
            width: node.width,
            height: node.height,
            parentId: node.parentId ? idMap[node.parentId]! : request.parentId,
          };
        }),
      ),
    );
    const handles = (side: 'inputs' | 'outputs') =>
      document.nodes.flatMap((node) =>
        node[side].map((h) => ({
          projectId,
          nodeId: idMap[node.id]!,
          name: h.name,
          label: h.label,
          type: h.type,
        })),
      );
    await insertChunked(handles('inputs'), (chunk) => tx.insert(nodeInputs).values(chunk));
    await insertChunked(handles('outputs'), (chunk) => tx.insert(nodeOutputs).values(chunk));
    const groups = document.nodes
      .filter((node) => kinds.get(node.type))
      .map((node) => ({
        projectId,
        nodeId: idMap[node.id]!,
        name: node.group?.name || node.data.title,
        settings: node.group?.settings ?? {},
      }));
    await insertChunked(groups, (chunk) => tx.insert(nodeGroups).values(chunk));
    const edges = document.edges.map((edge) => ({
      ...(request.mode === 'restore' ? { id: edge.id } : {}),
      projectId,
      source: idMap[edge.source]!,
      target: idMap[edge.target]!,
      sourceHandle: edge.sourceHandle,
      targetHandle: edge.targetHandle,
      label: edge.label,
      type: edge.type,
    }));
    await insertChunked(edges, (chunk) => tx.insert(nodeConnections).values(chunk));
    const graph = newIds.length
      ? await loadGraph(t, projectId, newIds)
      : { projectId, nodes: [], connections: [], inputs: [], outputs: [], groups: [] };
    return { graph, idMap };
  });
}
