import { z } from 'zod';
import { ioTypeCodes } from '../catalog/catalog-types';
import { nodeKindOf } from '../catalog/node-catalog';
import {
  ZHandleName,
  ZNode,
  ZNodeConnection,
  ZNodeData,
  ZNodeGroup,
  ZNodeHandle,
  ZPosition,
} from '../resources/canvas.schemas';
import { ZId } from '../resources/common';
import type { TNodeHandle } from '../resources/canvas.schemas';
import { connectionProblem, withDescendants } from './graph-rules';

/** The version written by this build; older documents are migrated on import. */
export const GRAPH_FORMAT_VERSION = 1;
export const GRAPH_FORMAT = 'flowsmith.graph';
export const MAX_GRAPH_NODES = 5000;
export const MAX_GRAPH_EDGES = 10000;

const ZDocumentHandle = z.object({
  name: ZHandleName,
  label: z.string().max(100).default(''),
  type: z.enum(ioTypeCodes, { error: `Type must be one of ${ioTypeCodes.join(', ')}` }),
});

const ZDocumentNode = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(50),
  position: ZPosition,
  data: ZNodeData,
  width: z.number().min(1).max(100_000).nullable().default(null),
  height: z.number().min(1).max(100_000).nullable().default(null),
  parentId: z.string().min(1).max(100).nullable().default(null),
  inputs: z.array(ZDocumentHandle).max(100).default([]),
  outputs: z.array(ZDocumentHandle).max(100).default([]),
  group: z
    .object({ name: z.string().max(200), settings: z.record(z.string(), z.unknown()).default({}) })
    .nullable()
    .default(null),
});
export type TGraphDocumentNode = z.infer<typeof ZDocumentNode>;

const ZDocumentEdge = z.object({
  id: z.string().min(1).max(100),
  source: z.string().min(1).max(100),
  target: z.string().min(1).max(100),
  sourceHandle: ZHandleName,
  targetHandle: ZHandleName,
  label: z.string().max(200).default(''),
  type: z.string().max(50).default('button'),
});
export type TGraphDocumentEdge = z.infer<typeof ZDocumentEdge>;

export const ZGraphDocument = z
  .object({
    format: z.literal(GRAPH_FORMAT, {
      error: `Not a Flowsmith workflow file (format must be "${GRAPH_FORMAT}")`,
    }),
    version: z.literal(GRAPH_FORMAT_VERSION),
    exportedAt: z.string().optional(),
    nodes: z.array(ZDocumentNode).max(MAX_GRAPH_NODES, `At most ${MAX_GRAPH_NODES} nodes`),
    edges: z.array(ZDocumentEdge).max(MAX_GRAPH_EDGES, `At most ${MAX_GRAPH_EDGES} edges`),
  })
  .superRefine((document, ctx) => {
    const ids = new Set<string>();
    document.nodes.forEach((node, index) => {
      if (ids.has(node.id))
        ctx.addIssue({
          code: 'custom',
          path: ['nodes', index, 'id'],
          message: `Duplicate node id "${node.id}"`,
        });
      ids.add(node.id);
    });
    document.nodes.forEach((node, index) => {
      if (node.parentId && !ids.has(node.parentId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['nodes', index, 'parentId'],
          message: `Unknown parent "${node.parentId}"`,
        });
      }
    });
    const byId = new Map(document.nodes.map((n) => [n.id, n]));
    document.nodes.forEach((node, index) => {
      const issue = (field: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: ['nodes', index, field], message });
      if (!nodeKindOf(node.type)) issue('type', `Unknown node type "${node.type}"`);
      const parent = node.parentId ? byId.get(node.parentId) : undefined;
      if (parent && !nodeKindOf(parent.type)?.flags.group)
        issue('parentId', 'The parent must be a group node');
      const seen = new Set<string>();
      for (
        let ancestor = node.parentId;
        ancestor;
        ancestor = byId.get(ancestor)?.parentId ?? null
      ) {
        if (ancestor === node.id || seen.has(ancestor)) {
          issue('parentId', 'Groups are nested in a loop');
          break;
        }
        seen.add(ancestor);
      }
    });
    // A missing node is reported once, as unknown, and not again as missing its handle.
    const missingNode = { type: 'any' };
    document.edges.forEach((edge, index) => {
      const source = byId.get(edge.source);
      const target = byId.get(edge.target);
      const issue = (field: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: ['edges', index, field], message });
      if (!source) issue('source', `Unknown node "${edge.source}"`);
      const problem = connectionProblem({
        ...edge,
        output: source ? source.outputs.find((h) => h.name === edge.sourceHandle) : missingNode,
        input: target ? target.inputs.find((h) => h.name === edge.targetHandle) : missingNode,
        sourceName: `Node "${edge.source}"`,
        targetName: `Node "${edge.target}"`,
      });
      if (problem) issue(problem.field, problem.message);
      if (!target) issue('target', `Unknown node "${edge.target}"`);
    });
  });
export type TGraphDocument = z.infer<typeof ZGraphDocument>;

export type TGraphProblem = { path: string; message: string };

/**
 * Older versions of the format, each turned into the next one. The format has had one version
 * so far; a change to it adds a step here, so files exported by any release keep importing.
 */
const migrations = new Map<
  number,
  (document: Record<string, unknown>) => Record<string, unknown>
>();

/** Reads a workflow file of any known version into the current one, or lists what is wrong. */
export function parseGraphDocument(
  raw: unknown,
): { ok: true; document: TGraphDocument } | { ok: false; problems: TGraphProblem[] } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return {
      ok: false,
      problems: [{ path: '(file)', message: 'The file must hold a JSON object' }],
    };
  }
  let document = raw as Record<string, unknown>;
  const version = document.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return {
      ok: false,
      problems: [{ path: 'version', message: 'Missing or invalid format version' }],
    };
  }
  if (version > GRAPH_FORMAT_VERSION) {
    return {
      ok: false,
      problems: [
        {
          path: 'version',
          message: `Made by a newer Flowsmith (format ${version}); this one reads up to ${GRAPH_FORMAT_VERSION}`,
        },
      ],
    };
  }
  for (let v = version; v < GRAPH_FORMAT_VERSION; v++) {
    const migrate = migrations.get(v);
    if (!migrate) throw new Error(`No migration from graph format ${v}`);
    document = { ...migrate(document), version: v + 1 };
  }
  const parsed = ZGraphDocument.safeParse(document);
  if (parsed.success) return { ok: true, document: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => ({
      path: issue.path.length ? issue.path.join('.') : '(file)',
      message: issue.message,
    })),
  };
}

/** The whole stored canvas of a project, as `GET /api/projects/:id/graph` answers. */
export const ZProjectGraph = z.object({
  projectId: ZId,
  nodes: z.array(ZNode),
  connections: z.array(ZNodeConnection),
  inputs: z.array(ZNodeHandle),
  outputs: z.array(ZNodeHandle),
  groups: z.array(ZNodeGroup),
  /**
   * The offset of the canvas's last publication before it was read (whole-canvas loads only):
   * a client asks for the changes after it (`…/graph/changes?after=`), so nothing is missed.
   */
  offset: z.number().int().optional(),
});
export type TProjectGraph = z.infer<typeof ZProjectGraph>;

/**
 * A workflow file of a project's canvas, or of some nodes with everything inside them. Edges
 * are kept when both ends are exported; parents outside the export are dropped.
 */
export function toGraphDocument(
  graph: TProjectGraph,
  rootIds?: readonly string[],
  now = new Date(),
): TGraphDocument {
  const included = rootIds
    ? withDescendants(rootIds, graph.nodes)
    : new Set(graph.nodes.map((node) => node.id));
  const handlesOf = (handles: TNodeHandle[], nodeId: string) =>
    handles
      .filter((h) => h.nodeId === nodeId)
      .map((h) => ({ name: h.name, label: h.label, type: h.type as (typeof ioTypeCodes)[number] }));
  const groupOf = new Map(graph.groups.map((g) => [g.nodeId, g]));
  return {
    format: GRAPH_FORMAT,
    version: GRAPH_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    nodes: graph.nodes
      .filter((node) => included.has(node.id))
      .map((node) => {
        const group = groupOf.get(node.id);
        return {
          id: node.id,
          type: node.type,
          position: node.position,
          data: node.data,
          width: node.width,
          height: node.height,
          parentId: node.parentId && included.has(node.parentId) ? node.parentId : null,
          inputs: handlesOf(graph.inputs, node.id),
          outputs: handlesOf(graph.outputs, node.id),
          group: group ? { name: group.name, settings: group.settings } : null,
        };
      }),
    edges: graph.connections
      .filter((c) => included.has(c.source) && included.has(c.target))
      .map((c) => ({
        id: c.id,
        source: c.source,
        target: c.target,
        sourceHandle: c.sourceHandle,
        targetHandle: c.targetHandle,
        label: c.label,
        type: c.type,
      })),
  };
}

export const ZGraphLayout = z.object({
  nodes: z
    .array(
      z.object({
        id: ZId,
        position: ZPosition,
        width: z.number().min(1).max(100_000).nullable().optional(),
        height: z.number().min(1).max(100_000).nullable().optional(),
        parentId: ZId.nullable().optional(),
        /**
         * The node's `layout` version this place is based on (an undo sends it): when someone
         * has moved the node since, the save is 409 `conflict` with the nodes as they are.
         */
        baseVersion: z.number().int().min(0).optional(),
      }),
    )
    .min(1, 'Give at least one node')
    .max(MAX_GRAPH_NODES),
});
export type TGraphLayout = z.input<typeof ZGraphLayout>;
export const ZGraphLayoutResult = z.object({ nodes: z.array(ZNode) });

/** `GET …/graph/export`: the whole canvas, or one node with everything inside it. */
export const ZGraphExportQuery = z.object({ nodeId: ZId.optional() });

export const ZGraphDelete = z.object({
  nodeIds: z.array(ZId).max(MAX_GRAPH_NODES).default([]),
  connectionIds: z.array(ZId).max(MAX_GRAPH_EDGES).default([]),
});
export type TGraphDelete = z.input<typeof ZGraphDelete>;

export const ZGraphImport = z.object({
  /** Checked with parseGraphDocument, so a file of an older version imports too. */
  graph: z.unknown(),
  /** `copy` gives every node a new id (paste, import); `restore` keeps them (undo of a delete). */
  mode: z.enum(['copy', 'restore']).default('copy'),
  parentId: ZId.nullable().default(null),
  offset: ZPosition.default({ x: 0, y: 0 }),
});
export type TGraphImport = z.input<typeof ZGraphImport>;

export const ZGraphImportResult = z.object({
  graph: ZProjectGraph,
  idMap: z.record(z.string(), z.string()),
});
export type TGraphImportResult = z.infer<typeof ZGraphImportResult>;
