import type { TFieldVersions, TNode, TProjectGraph } from '@flowsmith/shared';
import { connectionsApi, graphApi, nodeGroupsApi } from '../../../lib/queries/canvas';
import { fragmentIds, type TFragment } from '../core/fragment';
import type { History, TOp } from '../core/history';
import type { SaveQueue } from '../core/save-queue';
import {
  addGraph,
  applyLayoutItems,
  removeFromCanvas,
  setEdgeRow,
  setGroupRow,
} from './canvas-updates';
import { useCanvasStore } from './canvas-store';
import { conflictFields, groupPatch, recreateConnections, writeNodeData } from './node-writes';

export type TApplyContext = {
  projectId: string;
  queue: SaveQueue;
  history: History;
  isGroupKind: (kind: string) => boolean;
  /**
   * Field versions of nodes, groups (by group node id) and connections after this user's own
   * last write of them: undo and redo are based on these, so they never overwrite a later change
   * by someone else.
   */
  ownVersions: Map<string, TFieldVersions>;
  ownGroupVersions: Map<string, TFieldVersions>;
  ownEdgeVersions: Map<string, TFieldVersions>;
};

/** The layout versions of nodes this user just placed. */
export function rememberOwnLayout(ctx: TApplyContext, rows: TNode[]) {
  for (const row of rows) {
    ctx.ownVersions.set(row.id, {
      ...ctx.ownVersions.get(row.id),
      layout: row.versions.layout ?? 0,
    });
  }
}

/** A refused undo or redo: another member changed the same fields since. */
function conflictError(error: unknown, what: string): unknown {
  const fields = conflictFields(error);
  if (!fields.length) return error;
  const names = fields
    .filter((field) => !field.startsWith('nodes.'))
    .map((field) => field.replace(/^(params|settings)\./, ''));
  return new Error(
    `Another member changed ${what}${names.length ? ` (${names.join(', ')})` : ''} after you did, so your change cannot be taken back without losing theirs.`,
  );
}

const noRows: Omit<TProjectGraph, 'projectId'> = {
  nodes: [],
  connections: [],
  inputs: [],
  outputs: [],
  groups: [],
};

/** Puts a fragment back under its own ids (nodes, handles, groups, inner edges) in one import. */
async function addFragment(ctx: TApplyContext, fragment: TFragment) {
  const { document, parents, looseEdges } = fragment;
  if (document.nodes.length) {
    const result = await ctx.queue.run(() =>
      graphApi.import(ctx.projectId, { graph: document, mode: 'restore' }),
    );
    let nodes = result.graph.nodes;
    // A file cannot name parents outside itself; put those back with one layout call.
    const items = document.nodes
      .filter((node) => parents[node.id])
      .map((node) => ({ id: node.id, position: node.position, parentId: parents[node.id]! }));
    if (items.length) {
      await ctx.queue.run(() => graphApi.saveLayout(ctx.projectId, items));
      nodes = nodes.map((node) =>
        parents[node.id] ? { ...node, parentId: parents[node.id]! } : node,
      );
    }
    addGraph({ ...result.graph, nodes }, ctx.isGroupKind);
  }
  if (looseEdges.length) {
    const created = await ctx.queue.run(() => recreateConnections(ctx.projectId, looseEdges));
    addGraph({ ...noRows, connections: [...created.values()] }, ctx.isGroupKind);
    ctx.history.remap(Object.fromEntries([...created].map(([old, row]) => [old, row.id])));
  }
}

async function removeFragment(ctx: TApplyContext, fragment: TFragment) {
  const ids = fragmentIds(fragment);
  ctx.queue.forget(ids.nodeIds);
  await ctx.queue.run(() => graphApi.remove(ctx.projectId, ids));
  removeFromCanvas(ids.nodeIds, ids.connectionIds);
}

/** Carries out one history op against the server, then shows its result on the canvas. */
export async function applyOp(ctx: TApplyContext, op: TOp): Promise<void> {
  switch (op.kind) {
    case 'add':
      return addFragment(ctx, op.fragment);
    case 'remove':
      return removeFragment(ctx, op.fragment);
    case 'layout': {
      // Based on this user's own last save of each place: a later move by someone else wins.
      const items = op.after.map((item) => ({
        ...item,
        baseVersion: ctx.ownVersions.get(item.id)?.layout ?? 0,
      }));
      const saved = await ctx.queue
        .run(() => graphApi.saveLayout(ctx.projectId, items))
        .catch((error: unknown) => {
          throw conflictError(error, 'where these nodes are');
        });
      rememberOwnLayout(ctx, saved.nodes);
      applyLayoutItems(op.after);
      return;
    }
    case 'node-data': {
      const versions = ctx.ownVersions.get(op.nodeId) ?? {};
      const written = await ctx.queue
        .run(() => writeNodeData(op.nodeId, op.after, { data: op.before, versions }))
        .catch((error: unknown) => {
          throw conflictError(error, 'this node');
        });
      if (written.row) ctx.ownVersions.set(op.nodeId, written.row.versions);
      return;
    }
    case 'edge-label': {
      const baseVersions = ctx.ownEdgeVersions.get(op.edgeId) ?? {};
      const row = await ctx.queue
        .run(() => connectionsApi.update(op.edgeId, { label: op.after, baseVersions }))
        .catch((error: unknown) => {
          throw conflictError(error, 'this label');
        });
      ctx.ownEdgeVersions.set(op.edgeId, row.versions);
      setEdgeRow(row);
      return;
    }
    case 'group': {
      const group = useCanvasStore.getState().groups[op.nodeId];
      if (!group) throw new Error('This group no longer exists');
      const baseVersions = ctx.ownGroupVersions.get(op.nodeId) ?? {};
      const row = await ctx.queue
        .run(() =>
          nodeGroupsApi.update(group.id, { ...groupPatch(op.before, op.after), baseVersions }),
        )
        .catch((error: unknown) => {
          throw conflictError(error, 'this group');
        });
      ctx.ownGroupVersions.set(op.nodeId, row.versions);
      setGroupRow(row);
      return;
    }
    case 'batch':
      for (const inner of op.ops) await applyOp(ctx, inner);
  }
}
