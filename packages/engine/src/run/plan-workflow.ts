import { nodeKindCatalog, type TNodeKind } from '@flowsmith/shared';
import type { TEngineNode, TRunResult, TValues, TWorkflow } from './run-types';
import { inputNameOf } from '../nodes/value-nodes';

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

const runs = (type: string) => {
  const definition = nodeKindCatalog[type as TNodeKind];
  return Boolean(definition) && !definition.isGroup && type !== 'blank';
};

function descendants(nodes: TStoredNode[], rootId: string): Set<string> {
  const inside = new Set<string>([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of nodes) {
      if (node.parentId && inside.has(node.parentId) && !inside.has(node.id)) {
        inside.add(node.id);
        grew = true;
      }
    }
  }
  inside.delete(rootId);
  return inside;
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

/** The workflow a run executes: its runnable nodes and the edges between them. */
export function planWorkflow(
  nodes: TStoredNode[],
  edges: TStoredEdge[],
  target: TRunTarget,
): TWorkflow {
  const chosen =
    'groupNodeId' in target
      ? descendants(nodes, target.groupNodeId)
      : 'nodeId' in target
        ? upstream(edges, target.nodeId)
        : new Set(nodes.map((node) => node.id));
  const selected: TEngineNode[] = nodes
    .filter((node) => chosen.has(node.id) && runs(node.type))
    .map((node) => ({
      id: node.id,
      kind: node.type as TNodeKind,
      title: node.data.title,
      params: node.data.params,
    }));
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

/** The entry nodes of a workflow, with the names their values are given under. */
export function workflowInputs(
  workflow: TWorkflow,
): Array<{ nodeId: string; name: string; kind: TNodeKind }> {
  return workflow.nodes
    .filter((node) => node.kind === 'input' || node.kind === 'ui' || node.kind === 'ui_chat')
    .map((node) => ({ nodeId: node.id, name: inputNameOf(node), kind: node.kind }));
}

/**
 * What a run returns: the values of its output nodes by name; a workflow without output nodes
 * returns what its last nodes produced.
 */
export function runOutputs(workflow: TWorkflow, result: TRunResult): TValues {
  const terminal = workflow.nodes.filter(
    (node) => node.kind === 'ai_output' || node.kind === 'ai_image_output',
  );
  const sources = new Set(workflow.edges.map((edge) => edge.source));
  const chosen = terminal.length
    ? terminal
    : workflow.nodes.filter((node) => !sources.has(node.id));
  const outputs: TValues = {};
  for (const node of chosen) {
    const output = result.nodes[node.id]?.output;
    if (!output) continue;
    const name = inputNameOf(node) === node.id ? node.title || node.id : inputNameOf(node);
    const values = Object.values(output);
    outputs[name] = values.length === 1 ? values[0] : output;
  }
  return outputs;
}
