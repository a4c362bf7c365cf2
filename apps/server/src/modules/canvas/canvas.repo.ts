import {
  and,
  eq,
  getTableColumns,
  inArray,
  sql,
  type Placeholder,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/database';
import { preparedStatement } from '../../db/prepared';
import {
  nodeConnections,
  nodeGroups,
  nodeInputs,
  nodeOutputs,
  nodes,
  nodeTypes,
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

/** A query's rows as one JSON array, to read several tables in one statement. */
const asJson = (query: SQLWrapper) =>
  sql`(select coalesce(json_agg(q), '[]'::json) from (${query}) q)`;

/** Rows read as JSON back in Drizzle's shape: property names, dates; JSON columns as they came. */
function fromJson<T extends PgTable>(table: T, rows: Array<Record<string, unknown>>) {
  const columns = Object.entries(getTableColumns(table));
  return rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] =
        value === null || value === undefined
          ? null
          : column.columnType === 'PgJsonb' || column.columnType === 'PgJson'
            ? value
            : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  });
}

type TGraphJson = Record<
  'nodes' | 'connections' | 'inputs' | 'outputs' | 'groups',
  Array<Record<string, unknown>>
>;

/**
 * The statement that reads a canvas's rows as JSON: of the project `projectId` (a value or a
 * placeholder), of the chosen nodes (with their outgoing connections) when some are chosen.
 */
function graphQuery(db: TDb, projectId: string | Placeholder, onlyNodeIds?: string[]) {
  const only = (column: PgColumn) => (onlyNodeIds ? inArray(column, onlyNodeIds) : undefined);
  // The project's rows of a table, those of the chosen nodes when some are chosen, oldest first.
  const rowsOf = (
    table: typeof nodes | typeof nodeConnections | typeof nodeInputs | typeof nodeOutputs,
    nodeColumn: PgColumn,
  ) =>
    db
      .select()
      .from(table as PgTable)
      .where(and(inProject(table, projectId), only(nodeColumn)))
      .orderBy(table.createdAt, table.id);
  const asRows = (query: SQLWrapper) => sql<Array<Record<string, unknown>>>`${asJson(query)}`;
  return db
    .select({
      nodes: asRows(rowsOf(nodes, nodes.id)),
      connections: asRows(rowsOf(nodeConnections, nodeConnections.source)),
      inputs: asRows(rowsOf(nodeInputs, nodeInputs.nodeId)),
      outputs: asRows(rowsOf(nodeOutputs, nodeOutputs.nodeId)),
      groups: asRows(
        db
          .select()
          .from(nodeGroups)
          .where(and(inProject(nodeGroups, projectId), only(nodeGroups.nodeId))),
      ),
    })
    .from(sql`(select) as one`);
}

// A whole canvas is what every run of a group reads before it starts.
const wholeGraphStatement = preparedStatement((db) =>
  graphQuery(db, sql.placeholder('projectId')).prepare('whole_graph'),
);

/**
 * The rows of a project's canvas, or of some of its nodes (with their outgoing connections), in
 * one statement: a run reads them before it starts.
 */
export async function graphRows(db: TDb, projectId: string, onlyNodeIds?: string[]) {
  const [row]: TGraphJson[] = onlyNodeIds
    ? await graphQuery(db, projectId, onlyNodeIds)
    : await wholeGraphStatement(db).execute({ projectId });
  return {
    nodes: fromJson(nodes, row!.nodes),
    connections: fromJson(nodeConnections, row!.connections),
    inputs: fromJson(nodeInputs, row!.inputs),
    outputs: fromJson(nodeOutputs, row!.outputs),
    groups: fromJson(nodeGroups, row!.groups),
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
