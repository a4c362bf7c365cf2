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
    expect(workflowInputs(workflow)).toEqual([
      {
        nodeId: 'in',
        name: 'question',
        label: 'question',
        kind: 'input',
        valueType: 'text',
        defaultValue: null,
        description: '',
      },
    ]);
  });

  it('labels an entry node named only by its id with its title', () => {
    const field = node('field-id', 'ui', 'g');
    const workflow = planWorkflow([nodes[0]!, field], [], { groupNodeId: 'g' });
    expect(workflowInputs(workflow)).toMatchObject([{ name: 'field-id', label: 'FIELD-ID' }]);
    const untitled = { ...field, data: { title: ' ', params: {} } };
    expect(
      workflowInputs(planWorkflow([nodes[0]!, untitled], [], { groupNodeId: 'g' })),
    ).toMatchObject([{ name: 'field-id', label: 'UI field' }]);
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

  it('reads the params of each node once, typed, with the defaults of its kind', () => {
    const workflow = planWorkflow(
      [
        node('q', 'input', null, { name: ' n ', valueType: 'number', defaultValue: '' }),
        node('ai', 'ai_processor', null, { template: '', temperature: 'hot', extra: 1 }),
        node('odd', 'constructor'),
        node('gone', 'no_such_kind'),
      ],
      [],
      { all: true },
    );
    expect(workflow.nodes.map(({ kind, params }) => ({ kind, params }))).toEqual([
      { kind: 'input', params: { name: ' n ', valueType: 'number' } },
      { kind: 'ai_processor', params: { template: '{{input}}' } },
    ]);
    expect(workflowInputs(workflow)[0]).toMatchObject({ name: 'n', valueType: 'number' });
  });

  it('gives nodes that name no custom AI the one that started the run', () => {
    const plan = (customAiId: string | null) =>
      planWorkflow(
        [node('a', 'ai_processor'), node('b', 'ai_processor', null, { customAiId: 'own' })],
        [],
        { all: true },
        { customAiId },
      ).nodes.map((n) => n.kind === 'ai_processor' && n.params.customAiId);
    expect(plan('helper')).toEqual(['helper', 'own']);
    expect(plan(null)).toEqual([undefined, 'own']);
  });

  it('keeps outputs whose names are names of object properties', () => {
    const workflow = planWorkflow(
      [
        node('a', 'ai_output', null, { name: '__proto__' }),
        node('b', 'ai_output', null, { name: 'constructor' }),
      ],
      [],
      { all: true },
    );
    const outputs = runOutputs(workflow, {
      status: 'succeeded',
      nodes: {
        a: { status: 'succeeded', output: { text: 'A' } },
        b: { status: 'succeeded', output: { text: 'B' } },
      },
    });
    expect(Object.getPrototypeOf(outputs)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(outputs))).toEqual(
      JSON.parse('{"__proto__": "A", "constructor": "B"}'),
    );
  });
});
