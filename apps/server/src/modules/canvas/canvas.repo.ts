import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/database';
import { asJson, fromJson } from '../../db/json-rows';
import { preparedStatement } from '../../db/prepared';
import {
  nodeConnections,
  nodeGroups,
  nodeInputs,
  nodeOutputs,
  nodes,
  nodeTypes,
  projects,
} from '../../db/schema/index';
import { findRow, inProject, rowWhere } from '../resources/resources.repo';

type TNodeInsert = typeof nodes.$inferInsert;
type THandleInsert = typeof nodeInputs.$inferInsert;
type TGroupInsert = typeof nodeGroups.$inferInsert;
type TConnectionInsert = typeof nodeConnections.$inferInsert;

const CHUNK = 500;

async function insertChunked<T>(items: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += CHUNK) await insert(items.slice(i, i + CHUNK));
}

type TGraphTable = typeof nodes | typeof nodeConnections | typeof nodeInputs | typeof nodeOutputs;
/** A graph's tables as JSON arrays of rows, one column each (see `graphParts`). */
export type TGraphJson = Record<'nodes' | 'connections' | 'inputs' | 'outputs' | 'groups', unknown>;

/**
 * The JSON aggregates of a graph's tables, for the project `projectId` (a value, a placeholder
 * or a column of an enclosing statement), only while `when` holds if given.
 */
export function graphParts(
  db: TDb,
  projectId: SQLWrapper | string,
  { onlyNodeIds, when }: { onlyNodeIds?: string[]; when?: SQL } = {},
) {
  const only = (column: PgColumn) => (onlyNodeIds ? inArray(column, onlyNodeIds) : undefined);
  // The project's rows of a table, those of the chosen nodes when some are chosen, oldest first.
  const rowsOf = (table: TGraphTable, nodeColumn: PgColumn) =>
    db
      .select()
      .from(table as PgTable)
      .where(and(eq(table.projectId, projectId), only(nodeColumn), when))
      .orderBy(table.createdAt, table.id);
  const json = (query: SQLWrapper) => sql<unknown>`${asJson(query)}`;
  return {
    nodes: json(rowsOf(nodes, nodes.id)),
    connections: json(rowsOf(nodeConnections, nodeConnections.source)),
    inputs: json(rowsOf(nodeInputs, nodeInputs.nodeId)),
    outputs: json(rowsOf(nodeOutputs, nodeOutputs.nodeId)),
    groups: json(
      db
        .select()
        .from(nodeGroups)
        .where(and(eq(nodeGroups.projectId, projectId), only(nodeGroups.nodeId), when)),
    ),
  };
}

/** The statement that reads a project's graph, or that of some of its nodes, as `graphParts`. */
const graphQuery = (db: TDb, projectId: SQLWrapper | string, onlyNodeIds?: string[]) =>
  db
    .select(graphParts(db, projectId, { onlyNodeIds }))
    .from(projects)
    .where(eq(projects.id, projectId));

// A whole project's graph is what every run of the canvas reads: prepared once.
const projectGraphStatement = preparedStatement((db) =>
  graphQuery(db, sql.placeholder('projectId')).prepare('project_graph'),
);

/**
 * The rows of a project's canvas, or of some of its nodes (with their outgoing connections), in
 * one statement: a run reads them before it starts.
 */
export async function graphRows(db: TDb, projectId: string, onlyNodeIds?: string[]) {
  const [row] = onlyNodeIds
    ? await graphQuery(db, projectId, onlyNodeIds)
    : await projectGraphStatement(db).execute({ projectId });
  return graphFromJson(row);
}

/** A graph's rows as Drizzle reads its tables. */
export type TGraphRows = ReturnType<typeof graphFromJson>;

/** A graph's rows, read as `graphParts`. */
export function graphFromJson(row: TGraphJson | undefined) {
  const rows = (part: keyof TGraphJson) => (row?.[part] ?? []) as Array<Record<string, unknown>>;
  return {
    nodes: fromJson(nodes, rows('nodes')),
    connections: fromJson(nodeConnections, rows('connections')),
    inputs: fromJson(nodeInputs, rows('inputs')),
    outputs: fromJson(nodeOutputs, rows('outputs')),
    groups: fromJson(nodeGroups, rows('groups')),
  };
}

/** The row of a kind, for its texts (an administrator may have reworded them). */
export async function nodeTypeOf(db: TDb, kind: string) {
  const [row] = await db.select().from(nodeTypes).where(eq(nodeTypes.kind, kind)).limit(1);
  return row;
}

export const nodeInProject = (db: TDb, nodeId: string, projectId: string) =>
  findRow(db, nodes, nodeId, inProject(nodes, projectId));

export async function parentOf(db: TDb, nodeId: string) {
  const [row] = await db
    .select({ parentId: nodes.parentId })
    .from(nodes)
    .where(eq(nodes.id, nodeId));
  return row?.parentId ?? null;
}

export function outputOf(db: TDb, nodeId: string, name: string) {
  return rowWhere(db, nodeOutputs, and(eq(nodeOutputs.nodeId, nodeId), eq(nodeOutputs.name, name)));
}

export function inputOf(db: TDb, nodeId: string, name: string) {
  return rowWhere(db, nodeInputs, and(eq(nodeInputs.nodeId, nodeId), eq(nodeInputs.name, name)));
}

/** Every node of a project with its type and parent, for checking a layout. */
export function projectNodes(db: TDb, projectId: string) {
  return db
    .select({ id: nodes.id, type: nodes.type, parentId: nodes.parentId, versions: nodes.versions })
    .from(nodes)
    .where(eq(nodes.projectId, projectId));
}

/** Deletes nodes (their handles, connections and children cascade) and connections. */
export async function deleteNodesAndConnections(
  db: TDb,
  projectId: string,
  ids: { nodeIds: string[]; connectionIds: string[] },
) {
  const connections = ids.connectionIds.length
    ? await db
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
    ? await db
        .delete(nodes)
        .where(and(eq(nodes.projectId, projectId), inArray(nodes.id, ids.nodeIds)))
        .returning({ id: nodes.id })
    : [];
  return { nodes: removed.length, connections: connections.length };
}

/** Which of these node ids exist already, in any project. */
export async function existingNodeIds(db: TDb, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: nodes.id }).from(nodes).where(inArray(nodes.id, ids));
  return rows.map((row) => row.id);
}

/** Writes a whole piece of canvas, in chunks that stay under the parameter limit. */
export async function insertGraph(
  db: TDb,
  rows: {
    nodes: TNodeInsert[];
    inputs: THandleInsert[];
    outputs: THandleInsert[];
    groups: TGroupInsert[];
    connections: TConnectionInsert[];
  },
) {
  await insertChunked(rows.nodes, (chunk) => db.insert(nodes).values(chunk));
  await insertChunked(rows.inputs, (chunk) => db.insert(nodeInputs).values(chunk));
  await insertChunked(rows.outputs, (chunk) => db.insert(nodeOutputs).values(chunk));
  await insertChunked(rows.groups, (chunk) => db.insert(nodeGroups).values(chunk));
  await insertChunked(rows.connections, (chunk) => db.insert(nodeConnections).values(chunk));
}
