import {
  templateOf,
  templateVariables,
  type TNode,
  type TNodeConnection,
  type TNodeData,
  type TNodeHandle,
} from '@flowsmith/shared';
import { connectionsApi, nodeInputsApi, nodesApi } from '../../../lib/queries/canvas';
import { labelFor, planInputSync } from '../core/template-variables';
import { toConnectionRow } from '../core/flow-mapping';
import { findNode, removeFromCanvas, setNodeInputs, updateNodeRow } from './canvas-updates';
import { useCanvasStore } from './canvas-store';

/**
 * Saves a node's title and params. For kinds whose inputs follow the `{{variables}}` of their
 * template, inputs are then created or deleted to match (the server deletes the connections of
 * a deleted input). Resolves with the connections that went with removed inputs.
 */
export async function writeNodeData(nodeId: string, data: TNodeData): Promise<TNodeConnection[]> {
  const row: TNode = await nodesApi.update(nodeId, { data });
  updateNodeRow(row);
  const node = findNode(nodeId);
  const template = node ? templateOf(node.data.kind, data.params) : null;
  if (!node || template === null) return [];
  const plan = planInputSync(node.data.inputs, templateVariables(template));
  if (!plan.add.length && !plan.remove.length) return [];
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
  const kept = node.data.inputs.filter((input) => !removedNames.has(input.name));
  setNodeInputs(nodeId, [...kept, ...added]);
  removeFromCanvas(
    [],
    dropped.map((edge) => edge.id),
  );
  return dropped.map((edge) => toConnectionRow(edge, row.projectId));
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
