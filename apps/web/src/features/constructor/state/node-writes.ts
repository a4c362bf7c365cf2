import {
  templateOf,
  templateVariables,
  type TFieldVersions,
  type TNode,
  type TNodeConnection,
  type TNodeData,
  type TNodeDataPatch,
  type TNodeHandle,
} from '@flowsmith/shared';
import { isApiError } from '../../../lib/api';
import { connectionsApi, nodeInputsApi, nodesApi } from '../../../lib/queries/canvas';
import { labelFor, planInputSync } from '../core/template-variables';
import { toConnectionRow, toFlowEdge } from '../core/flow-mapping';
import {
  addEdge,
  findNode,
  removeFromCanvas,
  setNodeInputs,
  updateNodeRow,
} from './canvas-updates';
import { useCanvasStore } from './canvas-store';

/** What the user changed, from the values they started with: the title and changed params. */
export function dataPatch(before: TNodeData, after: TNodeData): TNodeDataPatch {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const params = Object.entries(after.params).filter(
    ([key, value]) => !same(before.params[key], value),
  );
  return {
    ...(after.title !== before.title ? { title: after.title } : {}),
    ...(params.length ? { params: Object.fromEntries(params) } : {}),
  };
}

/** The group fields that differ: its name and changed settings. */
export function groupPatch(
  before: { name: string; settings: Record<string, unknown> },
  after: { name: string; settings: Record<string, unknown> },
): { name?: string; settings?: Record<string, unknown> } {
  const settings = Object.entries(after.settings).filter(
    ([key, value]) => JSON.stringify(before.settings[key]) !== JSON.stringify(value),
  );
  return {
    ...(after.name !== before.name ? { name: after.name } : {}),
    ...(settings.length ? { settings: Object.fromEntries(settings) } : {}),
  };
}

/** The values and field versions a write is based on (what the user saw when they began). */
export type TNodeBase = { data: TNodeData; versions: TFieldVersions };

/** The fields a 409 `conflict` names (changed by someone else meanwhile), else none. */
export function conflictFields(error: unknown): string[] {
  return isApiError(error) && error.code === 'conflict'
    ? error.details.map((detail) => detail.field)
    : [];
}

export type TNodeWrite = { row: TNode | null; dropped: TNodeConnection[] };

/**
 * Saves the title and params that differ from `base`, based on its versions, so another
 * member's change of the same field meanwhile is refused (409) rather than overwritten. For
 * kinds whose inputs follow the `{{variables}}` of their template, inputs are then created or
 * deleted to match (the server deletes the connections of a deleted input); the connections of
 * a removed input named in `carry` move to the new input it names. Resolves with the stored row
 * and the connections that went with removed inputs (moved ones too: undo brings them back).
 */
export async function writeNodeData(
  nodeId: string,
  data: TNodeData,
  base: TNodeBase,
  carry: ReadonlyMap<string, string> = new Map(),
): Promise<TNodeWrite> {
  const patch = dataPatch(base.data, data);
  if (!patch.title && !patch.params) return { row: null, dropped: [] };
  const row: TNode = await nodesApi.update(nodeId, { data: patch, baseVersions: base.versions });
  updateNodeRow(row);
  const node = findNode(nodeId);
  const template = node ? templateOf(node.data.kind, row.data.params) : null;
  if (!node || template === null) return { row, dropped: [] };
  const plan = planInputSync(node.data.inputs, templateVariables(template));
  if (!plan.add.length && !plan.remove.length) return { row, dropped: [] };
  const removedNames = new Set(plan.remove.map((input) => input.name));
  const dropped = useCanvasStore
    .getState()
    .edges.filter((edge) => edge.target === nodeId && removedNames.has(edge.targetHandle ?? ''));
  await Promise.all(plan.remove.map((input) => nodeInputsApi.remove(input.id)));
  const added: TNodeHandle[] = await Promise.all(
    plan.add.map((name) =>
      nodeInputsApi.create({ nodeId, name, label: labelFor(name), type: 'text' }),
    ),
  );
  const remaining = node.data.inputs.filter((input) => !removedNames.has(input.name));
  setNodeInputs(nodeId, [...remaining, ...added]);
  removeFromCanvas(
    [],
    dropped.map((edge) => edge.id),
  );
  const kept = new Set(added.map((input) => input.name));
  const moved = await Promise.all(
    dropped.flatMap((edge) => {
      const to = carry.get(edge.targetHandle ?? '');
      if (!to || !kept.has(to)) return [];
      return [
        connectionsApi.create({
          projectId: row.projectId,
          source: edge.source,
          sourceHandle: edge.sourceHandle ?? '',
          target: nodeId,
          targetHandle: to,
          label: edge.data?.label ?? '',
        }),
      ];
    }),
  );
  for (const connection of moved) addEdge(toFlowEdge(connection));
  return { row, dropped: dropped.map((edge) => toConnectionRow(edge, row.projectId)) };
}

/** Creates connections again (they get new ids); resolves with old id → new row. */
export async function recreateConnections(
  projectId: string,
  connections: TNodeConnection[],
): Promise<Map<string, TNodeConnection>> {
  const created = new Map<string, TNodeConnection>();
  for (const connection of connections) {
    const row = await connectionsApi.create({
      projectId,
      source: connection.source,
      target: connection.target,
      sourceHandle: connection.sourceHandle,
      targetHandle: connection.targetHandle,
      label: connection.label,
      type: connection.type,
    });
    created.set(connection.id, row);
  }
  return created;
}
