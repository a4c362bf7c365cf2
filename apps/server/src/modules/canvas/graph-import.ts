import { randomUUID } from 'node:crypto';
import {
  areIoTypesCompatible,
  parseGraphDocument,
  type TFieldError,
  type TGraphDocument,
  type TIoTypeCode,
  type TUser,
} from '@flowsmith/shared';
import { inTransaction, type TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { projectAccess } from '../projects/project-access';
import { translateDbError } from '../resources/db-errors';
import { incompatibility } from './canvas-rules';
import * as repo from './canvas.repo';
import { invalidFields, loadGraph } from './canvas.service';

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

/** The rows a document becomes; `idOf` maps its node ids to the stored ones. */
function rowsOf(
  document: TGraphDocument,
  projectId: string,
  request: TImportRequest,
  kinds: Map<string, boolean>,
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
      .filter((node) => kinds.get(node.type))
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
    const kinds = await repo.groupKinds(tx);
    const problems = checkAgainstCatalog(document, kinds, request.mode);
    if (request.parentId) {
      const parent = await repo.nodeInProject(tx, request.parentId, projectId);
      if (!parent) problems.push({ field: 'parentId', message: 'No such node in this project' });
      else if (!kinds.get(parent.type))
        problems.push({ field: 'parentId', message: 'The parent must be a group node' });
    }
    if (problems.length) throw invalidFields(problems);

    const idMap = new Map(
      document.nodes.map((node) => [node.id, request.mode === 'copy' ? randomUUID() : node.id]),
    );
    const newIds = [...idMap.values()];
    if (request.mode === 'restore' && (await repo.existingNodeIds(tx, newIds)).length)
      throw new AppError('conflict', 'Some of these nodes exist already');
    const rows = rowsOf(document, projectId, request, kinds, (id) => idMap.get(id)!);
    await repo.insertGraph(tx, rows).catch((error: unknown) => translateDbError(error, 'write'));
    const graph = newIds.length
      ? await loadGraph(tx, projectId, newIds)
      : { projectId, nodes: [], connections: [], inputs: [], outputs: [], groups: [] };
    return { graph, idMap: Object.fromEntries(idMap) };
  });
}
