import { describe, expect, it } from 'vitest';
import { planWorkflow, runOutputs, workflowInputs, type TStoredNode } from './plan-workflow';

const node = (
  id: string,
  type: string,
  parentId: string | null = null,
  params: Record<string, unknown> = {},
): TStoredNode => ({
  id,
  type,
  parentId,
  data: { title: id.toUpperCase(), params },
});
const edge = (source: string, target: string) => ({
  source,
  target,
  sourceHandle: 'out',
  targetHandle: 'in',
});

const nodes = [
  node('g', 'ai_group'),
  node('in', 'input', 'g', { name: 'question' }),
  node('ai', 'ai_processor', 'g'),
  node('out', 'ai_output', 'g', { name: 'answer' }),
  node('note', 'blank', 'g'),
  node('other', 'input'),
  node('solo', 'ai_processor'),
];
const edges = [edge('in', 'ai'), edge('ai', 'out'), edge('other', 'solo')];

describe('planning a run', () => {
  it('runs the nodes inside a group, leaving out notes and the group itself', () => {
    const workflow = planWorkflow(nodes, edges, { groupNodeId: 'g' });
    expect(workflow.nodes.map((n) => n.id)).toEqual(['in', 'ai', 'out']);
    expect(workflow.edges).toHaveLength(2);
    expect(workflowInputs(workflow)).toEqual([{ nodeId: 'in', name: 'question', kind: 'input' }]);
  });

  it('runs a node with everything it depends on', () => {
    expect(planWorkflow(nodes, edges, { nodeId: 'ai' }).nodes.map((n) => n.id)).toEqual([
      'in',
      'ai',
    ]);
  });

  it('runs every runnable node of the canvas', () => {
    expect(planWorkflow(nodes, edges, { all: true }).nodes.map((n) => n.id)).toEqual([
      'in',
      'ai',
      'out',
      'other',
      'solo',
    ]);
  });

  it('returns the output nodes by name, or else the last nodes', () => {
    const workflow = planWorkflow(nodes, edges, { groupNodeId: 'g' });
    const result = {
      status: 'succeeded' as const,
      nodes: {
        in: { status: 'succeeded' as const, output: { value: 'q' } },
        out: { status: 'succeeded' as const, output: { text: 'A' } },
      },
    };
    expect(runOutputs(workflow, result)).toEqual({ answer: 'A' });
    const chain = planWorkflow(nodes, edges, { nodeId: 'ai' });
    expect(
      runOutputs(chain, {
        status: 'succeeded',
        nodes: { ai: { status: 'succeeded', output: { text: 'T' } } },
      }),
    ).toEqual({ AI: 'T' });
  });
});
