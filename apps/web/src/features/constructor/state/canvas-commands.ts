import type { Connection } from '@xyflow/react';
import {
  MAX_PAGE_SIZE,
  withDescendants,
  type TFieldVersions,
  type TNodeData,
  type TProjectGraph,
} from '@flowsmith/shared';
import { isClientError } from '../../../lib/api';
import { errorText } from '../../../lib/forms';
import {
  connectionsApi,
  graphApi,
  nodeGroupsApi,
  nodeInputsApi,
  nodeOutputsApi,
  nodesApi,
} from '../../../lib/queries/canvas';
import type { TCatalog } from '../api/canvas.queries';
import { connectionProblem, type TConnectionAttempt } from '../core/connect-rules';
import { DEFAULT_GROUP_SIZE, EDGE_TYPE, type TLayoutItem } from '../core/flow-types';
import {
  emptyDocument,
  fragmentOf,
  fragmentOfConnection,
  fragmentOfCreated,
  type TFragment,
} from '../core/fragment';
import { groupAt, absolutePosition } from '../core/grouping';
import { History, type TGroupFields, type TOp } from '../core/history';
import { SaveQueue } from '../core/save-queue';
import { applyOp, rememberOwnLayout, type TApplyContext } from './apply-op';
import {
  addEdge,
  addGraph,
  findNode,
  removeFromCanvas,
  replaceEdge,
  selection,
  setEdgeRow,
  setGroupRow,
  snapshot,
} from './canvas-updates';
import { useCanvasStore } from './canvas-store';
import { groupPatch, writeNodeData, type TNodeBase } from './node-writes';

export const GRID = 20;

/** The label and field versions a label write is based on. */
export type TEdgeBase = { label: string; versions: TFieldVersions };
const snap = (value: number) => Math.round(value / GRID) * GRID;

export type TCommandDeps = {
  projectId: string;
  catalog: TCatalog;
  readOnly: boolean;
  notify: (
    severity: 'success' | 'info' | 'warn' | 'error',
    summary: string,
    detail?: string,
  ) => void;
  onLayoutError: (error: unknown, willRetry: boolean) => void;
  confirm: (header: string, message: string) => Promise<boolean>;
};

/**
 * Everything the user can do to the canvas. Each write goes through one queue (so the server
 * sees the user's order) and is recorded as an invertible op for undo and redo.
 */
export class CanvasCommands {
  readonly queue: SaveQueue;
  readonly history = new History();
  private readonly ctx: TApplyContext;

  constructor(readonly deps: TCommandDeps) {
    this.queue = new SaveQueue({
      saveLayout: async (items) => {
        const saved = await graphApi.saveLayout(deps.projectId, items);
        rememberOwnLayout(this.ctx, saved.nodes);
      },
      onStatus: (saveStatus) => useCanvasStore.setState({ saveStatus }),
      onLayoutError: deps.onLayoutError,
      isRetryable: (error) => !isClientError(error),
    });
    this.ctx = {
      projectId: deps.projectId,
      queue: this.queue,
      history: this.history,
      isGroupKind: deps.catalog.isGroupKind,
      ownVersions: new Map(),
      ownGroupVersions: new Map(),
      ownEdgeVersions: new Map(),
    };
  }

  get readOnly(): boolean {
    return this.deps.readOnly;
  }

  dispose(): void {
    this.queue.dispose();
  }

  record(label: string, op: TOp): void {
    this.history.push(label, op);
    this.syncHistory();
  }

  private syncHistory() {
    useCanvasStore.setState({ canUndo: this.history.canUndo, canRedo: this.history.canRedo });
  }

  /** Runs a write; a failure becomes a toast naming what did not happen, never a silent loss. */
  async attempt<T>(what: string, task: () => Promise<T>): Promise<T | undefined> {
    try {
      return await task();
    } catch (error) {
      this.deps.notify('error', `Could not ${what}`, errorText(error));
      return undefined;
    }
  }

  /** Adds a node of a kind with its top-left near `point` (canvas coordinates). */
  async addNode(kind: string, point: { x: number; y: number }): Promise<string | undefined> {
    if (this.readOnly) return undefined;
    const type = this.deps.catalog.byKind.get(kind);
    if (!type) return undefined;
    const nodes = useCanvasStore.getState().nodes;
    const parent = groupAt(point, nodes, this.deps.catalog.isGroupKind);
    const origin = parent
      ? absolutePosition(parent, new Map(nodes.map((node) => [node.id, node])))
      : { x: 0, y: 0 };
    const position = { x: snap(point.x - origin.x), y: snap(point.y - origin.y) };
    const created = await this.attempt(`add ${type.name}`, () =>
      this.queue.run(async (): Promise<TProjectGraph> => {
        const row = await nodesApi.create({
          projectId: this.deps.projectId,
          type: kind,
          position,
          parentId: parent?.id ?? null,
          ...(type.flags.group ? DEFAULT_GROUP_SIZE : {}),
        });
        const query = { nodeId: row.id, pageSize: MAX_PAGE_SIZE };
        const [inputs, outputs, groups] = await Promise.all([
          nodeInputsApi.list(query),
          nodeOutputsApi.list(query),
          type.flags.group ? nodeGroupsApi.list(query) : Promise.resolve({ items: [] }),
        ]);
        return {
          projectId: this.deps.projectId,
          nodes: [row],
          connections: [],
          inputs: inputs.items,
          outputs: outputs.items,
          groups: groups.items,
        };
      }),
    );
    if (!created) return undefined;
    addGraph(created, this.deps.catalog.isGroupKind, true);
    this.record(`Add ${type.name}`, { kind: 'add', fragment: fragmentOfCreated(created) });
    return created.nodes[0]!.id;
  }

  /** Why a connection would be refused, or null; the same rule the server applies. */
  connectionProblem(connection: TConnectionAttempt): string | null {
    return connectionProblem(connection, findNode, useCanvasStore.getState().edges);
  }

  async connect(connection: Connection): Promise<void> {
    if (this.readOnly) return;
    const problem = this.connectionProblem(connection);
    if (problem) {
      this.deps.notify('warn', 'Connection refused', problem);
      return;
    }
    // Drawn at once; replaced by the stored row, or taken back if the server refuses it.
    const tempId = `pending-${crypto.randomUUID()}`;
    addEdge({
      id: tempId,
      type: EDGE_TYPE,
      ...connection,
      data: { label: '', kind: EDGE_TYPE, versions: {} },
    });
    try {
      const row = await this.queue.run(() =>
        connectionsApi.create({
          projectId: this.deps.projectId,
          source: connection.source,
          target: connection.target,
          sourceHandle: connection.sourceHandle ?? '',
          targetHandle: connection.targetHandle ?? '',
        }),
      );
      replaceEdge(tempId, row);
      this.record('Connect', { kind: 'add', fragment: fragmentOfConnection(row) });
    } catch (error) {
      removeFromCanvas([], [tempId]);
      this.deps.notify('warn', 'Connection refused', errorText(error));
    }
  }

  /** A finished drag or resize: saved after a short pause, undone in one step. */
  commitLayout(label: string, before: TLayoutItem[], after: TLayoutItem[]): void {
    if (this.readOnly || !after.length) return;
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    this.queue.queueLayout(after);
    this.record(label, { kind: 'layout', before, after });
  }

  async deleteSelection(): Promise<void> {
    const { nodeIds, edgeIds } = selection();
    await this.deleteItems(nodeIds, edgeIds);
  }

  async deleteItems(nodeIds: string[], edgeIds: string[]): Promise<void> {
    if (this.readOnly || (!nodeIds.length && !edgeIds.length)) return;
    const graph = snapshot();
    const fragment: TFragment = fragmentOf(graph, nodeIds, edgeIds);
    const all = withDescendants(nodeIds, useCanvasStore.getState().nodes);
    const count = fragment.document.nodes.length;
    if (count > 1 || all.size > nodeIds.length) {
      const ok = await this.deps.confirm(
        'Delete nodes',
        `Delete ${count} nodes (with what is inside groups) and their connections? Ctrl+Z brings them back.`,
      );
      if (!ok) return;
    }
    const label = count
      ? count === 1
        ? 'Delete node'
        : `Delete ${count} nodes`
      : 'Delete connection';
    const done = await this.attempt('delete', () =>
      applyOp(this.ctx, { kind: 'remove', fragment }).then(() => true),
    );
    if (done) this.record(label, { kind: 'remove', fragment });
  }

  /**
   * Saves what the user changed of a node's title and params since `base` (what they saw when
   * they began; by default the node as shown now). Throws so the settings dialog can show the
   * reason, e.g. a 409 when another member changed the same field meanwhile.
   */
  async saveNodeData(
    nodeId: string,
    data: TNodeData,
    label = 'Edit settings',
    base?: TNodeBase,
    carry?: ReadonlyMap<string, string>,
  ): Promise<void> {
    if (this.readOnly) return;
    const node = findNode(nodeId);
    if (!node) return;
    const from: TNodeBase = base ?? {
      data: { title: node.data.title, params: node.data.params },
      versions: node.data.versions,
    };
    const { row, dropped } = await this.queue.run(() => writeNodeData(nodeId, data, from, carry));
    if (!row) return;
    this.ctx.ownVersions.set(nodeId, row.versions);
    const before: TNodeData = from.data;
    const op: TOp = { kind: 'node-data', nodeId, before, after: data };
    this.record(
      label,
      dropped.length
        ? {
            kind: 'batch',
            ops: [
              {
                kind: 'remove',
                fragment: { document: emptyDocument(), parents: {}, looseEdges: dropped },
              },
              op,
            ],
          }
        : op,
    );
  }

  async rename(nodeId: string, title: string): Promise<void> {
    const node = findNode(nodeId);
    if (!node || node.data.title === title) return;
    await this.attempt('rename the node', () =>
      this.saveNodeData(nodeId, { title, params: node.data.params }, 'Rename'),
    );
  }

  /** Saves what changed of a group since `base` (by default the group as shown now). */
  async saveGroup(
    nodeId: string,
    after: TGroupFields,
    base?: { fields: TGroupFields; versions: Record<string, number> },
  ): Promise<void> {
    if (this.readOnly) return;
    const group = useCanvasStore.getState().groups[nodeId];
    if (!group) return;
    const before: TGroupFields = base?.fields ?? { name: group.name, settings: group.settings };
    const patch = groupPatch(before, after);
    if (patch.name === undefined && !patch.settings) return;
    const baseVersions = base?.versions ?? group.versions;
    const row = await this.queue.run(() =>
      nodeGroupsApi.update(group.id, { ...patch, baseVersions }),
    );
    this.ctx.ownGroupVersions.set(nodeId, row.versions);
    setGroupRow(row);
    this.record('Edit group', { kind: 'group', nodeId, before, after });
  }

  /**
   * Saves a connection's label based on `base` (what the user saw when they began; by default
   * the connection as shown now), so another member's label saved meanwhile is refused (409)
   * rather than overwritten.
   */
  async saveEdgeLabel(edgeId: string, label: string, base?: TEdgeBase): Promise<void> {
    if (this.readOnly) return;
    const edge = useCanvasStore.getState().edges.find((item) => item.id === edgeId);
    if (!edge) return;
    const before = base?.label ?? edge.data?.label ?? '';
    if (label === before) return;
    const baseVersions = base?.versions ?? edge.data?.versions ?? {};
    const row = await this.queue.run(() => connectionsApi.update(edgeId, { label, baseVersions }));
    this.ctx.ownEdgeVersions.set(edgeId, row.versions);
    setEdgeRow(row);
    this.record('Edit label', { kind: 'edge-label', edgeId, before, after: row.label });
  }

  async undo(): Promise<void> {
    await this.step('undo');
  }

  async redo(): Promise<void> {
    await this.step('redo');
  }

  private async step(direction: 'undo' | 'redo') {
    if (this.readOnly) return;
    await this.queue.flush();
    await this.attempt(direction, () => this.history[direction]((op) => applyOp(this.ctx, op)));
    this.syncHistory();
  }
}
