import { nodeCatalog, nodeKindOf, readNodeParams, withDescendants } from '@flowsmith/shared';
import { entryInputOf, nameOf, type TEntryInput } from '../nodes/value-nodes';
import type { TEngineNode, TRunResult, TValues, TWorkflow } from './run-types';

export type TStoredNode = {
  id: string;
  type: string;
  parentId: string | null;
  data: { title: string; params: Record<string, unknown> };
};
export type TStoredEdge = {
  source: string;
  target: string;
  sourceHandle: string;
  targetHandle: string;
};

/** What to run: a runnable group, the nodes a node depends on and the node itself, or everything. */
export type TRunTarget = { groupNodeId: string } | { nodeId: string } | { all: true };

export type TPlanOptions = {
  /** The custom AI that started the run: nodes that can use one and name none use this one. */
  customAiId?: string | null;
};

/** A stored node as the engine runs it, params read once; nothing for groups and notes. */
function toEngineNode(node: TStoredNode, options: TPlanOptions): TEngineNode | undefined {
  const definition = nodeKindOf(node.type);
  if (!definition || definition.flags.group || definition.flags.note) return undefined;
  const { customAiId } = options;
  const unset = definition.params.filter(
    (p) => p.type === 'custom_ai' && !node.data.params[p.name],
  );
  const params =
    customAiId && unset.length
      ? { ...node.data.params, ...Object.fromEntries(unset.map((p) => [p.name, customAiId])) }
      : node.data.params;
  return { id: node.id, title: node.data.title, ...readNodeParams(definition.kind, params) };
}

function upstream(edges: TStoredEdge[], nodeId: string): Set<string> {
  const needed = new Set([nodeId]);
  const stack = [nodeId];
  while (stack.length) {
    const id = stack.pop()!;
    for (const edge of edges) {
      if (edge.target === id && !needed.has(edge.source)) {
        needed.add(edge.source);
        stack.push(edge.source);
      }
    }
  }
  return needed;
}

/** The workflow a run executes: its runnable nodes, params parsed, and the edges between them. */
export function planWorkflow(
  nodes: TStoredNode[],
  edges: TStoredEdge[],
  target: TRunTarget,
  options: TPlanOptions = {},
): TWorkflow {
  let chosen: Set<string>;
  if ('groupNodeId' in target) {
    chosen = withDescendants([target.groupNodeId], nodes);
    chosen.delete(target.groupNodeId);
  } else {
    chosen = 'nodeId' in target ? upstream(edges, target.nodeId) : new Set(nodes.map((n) => n.id));
  }
  const selected = nodes.flatMap((node) => {
    const engineNode = chosen.has(node.id) ? toEngineNode(node, options) : undefined;
    return engineNode ? [engineNode] : [];
  });
  const ids = new Set(selected.map((node) => node.id));
  return {
    nodes: selected,
    edges: edges
      .filter((edge) => ids.has(edge.source) && ids.has(edge.target))
      .map(({ source, target: to, sourceHandle, targetHandle }) => ({
        source,
        target: to,
        sourceHandle,
        targetHandle,
      })),
  };
}

/** The entry nodes of a workflow: the values a run of it asks for. */
export function workflowInputs(workflow: TWorkflow): TEntryInput[] {
  return workflow.nodes.filter((node) => nodeCatalog[node.kind].flags.entry).map(entryInputOf);
}

/** An output a run of a workflow returns: a node's values under the node's name. */
export type TWorkflowOutput = { nodeId: string; name: string; kind: TEngineNode['kind'] };

/**
 * What a run of a workflow returns: its terminal nodes, by name; a workflow without terminal
 * nodes returns what its last nodes produced.
 */
export function workflowOutputs(workflow: TWorkflow): TWorkflowOutput[] {
  const terminal = workflow.nodes.filter((node) => nodeCatalog[node.kind].flags.terminal);
  const sources = new Set(workflow.edges.map((edge) => edge.source));
  const chosen = terminal.length
    ? terminal
    : workflow.nodes.filter((node) => !sources.has(node.id));
  return chosen.map((node) => ({
    nodeId: node.id,
    name: nameOf(node) === node.id ? node.title || node.id : nameOf(node),
    kind: node.kind,
  }));
}

/** The values a run returns, by the names of `workflowOutputs`. */
export function runOutputs(workflow: TWorkflow, result: TRunResult): TValues {
  // Names are the user's: a Map keeps one called "__proto__" as an output like any other.
  const outputs = new Map<string, unknown>();
  for (const { nodeId, name } of workflowOutputs(workflow)) {
    const output = result.nodes[nodeId]?.output;
    if (!output) continue;
    const values = Object.values(output);
    outputs.set(name, values.length === 1 ? values[0] : output);
  }
  return Object.fromEntries(outputs);
}
