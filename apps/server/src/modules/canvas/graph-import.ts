import { randomUUID } from 'node:crypto';
import {
  parseGraphDocument,
  type TFieldError,
  type TGraphDocument,
  type TUser,
} from '@flowsmith/shared';
import { inTransaction, type TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { projectAccess } from '../projects/project-access';
import { translateDbError } from '../resources/db-errors';
import { recordCanvasChange } from './canvas-changes.repo';
import * as repo from './canvas.repo';
import { invalidFields, isGroupKind, loadGraph } from './canvas.service';

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

/** The rows a document becomes; `idOf` maps its node ids to the stored ones. */
function rowsOf(
  document: TGraphDocument,
  projectId: string,
  request: TImportRequest,
  idOf: (documentId: string) => string,
) {
  const handles = (side: 'inputs' | 'outputs') =>
    document.nodes.flatMap((node) =>
      node[side].map((h) => ({
        projectId,
        nodeId: idOf(node.id),
        name: h.name,
        label: h.label,
        type: h.type,
      })),
    );
  return {
    nodes: document.nodes.map((node) => {
      const top = !node.parentId;
      return {
        id: idOf(node.id),
        projectId,
        type: node.type,
        positionX: node.position.x + (top ? request.offset.x : 0),
        positionY: node.position.y + (top ? request.offset.y : 0),
        data: { title: node.data.title, params: node.data.params },
        width: node.width,
        height: node.height,
        parentId: node.parentId ? idOf(node.parentId) : request.parentId,
      };
    }),
    inputs: handles('inputs'),
    outputs: handles('outputs'),
    groups: document.nodes
      .filter((node) => isGroupKind(node.type))
      .map((node) => ({
        projectId,
        nodeId: idOf(node.id),
        name: node.group?.name || node.data.title,
        settings: node.group?.settings ?? {},
      })),
    connections: document.edges.map((edge) => ({
      ...(request.mode === 'restore' ? { id: edge.id } : {}),
      projectId,
      source: idOf(edge.source),
      target: idOf(edge.target),
      sourceHandle: edge.sourceHandle,
      targetHandle: edge.targetHandle,
      label: edge.label,
      type: edge.type,
    })),
  };
}

/**
 * Adds a workflow file to a canvas in one transaction: pasted and imported nodes get new ids;
 * restored ones (undo of a delete) keep theirs. A file with any problem writes nothing. Ids from
 * the file are only ever keys of Maps, so an id such as `__proto__` is just an id.
 */
export async function importGraph(
  db: TDb,
  user: TUser,
  projectId: string,
  request: TImportRequest,
) {
  const parsed = parseGraphDocument(request.graph);
  if (!parsed.ok)
    throw invalidFields(
      parsed.problems.map((p) => ({ field: `graph.${p.path}`, message: p.message })),
    );
  const document = parsed.document;
  return inTransaction(db, async (tx) => {
    await projectAccess.require(tx, user, projectId, 'editor');
    const problems = request.mode === 'restore' ? restoreProblems(document) : [];
    if (request.parentId) {
      const parent = await repo.nodeInProject(tx, request.parentId, projectId);
      if (!parent) problems.push({ field: 'parentId', message: 'No such node in this project' });
      else if (!isGroupKind(parent.type))
        problems.push({ field: 'parentId', message: 'The parent must be a group node' });
    }
    if (problems.length) throw invalidFields(problems);

    const idMap = new Map(
      document.nodes.map((node) => [node.id, request.mode === 'copy' ? randomUUID() : node.id]),
    );
    const newIds = [...idMap.values()];
    if (request.mode === 'restore' && (await repo.existingNodeIds(tx, newIds)).length)
      throw new AppError('conflict', 'Some of these nodes exist already');
    const rows = rowsOf(document, projectId, request, (id) => idMap.get(id)!);
    await repo.insertGraph(tx, rows).catch((error: unknown) => translateDbError(error, 'write'));
    const graph = newIds.length
      ? await loadGraph(tx, projectId, newIds)
      : { projectId, nodes: [], connections: [], inputs: [], outputs: [], groups: [] };
    if (newIds.length) {
      const { projectId: _project, ...upsert } = graph;
      await recordCanvasChange(tx, user, projectId, { upsert });
    }
    return { graph, idMap: Object.fromEntries(idMap) };
  });
}
