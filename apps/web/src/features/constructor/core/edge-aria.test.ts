import { describe, expect, it } from 'vitest';
import type { TNodeHandle } from '@flowsmith/shared';
import { createEdgeLabeller, edgeAriaLabel } from './edge-aria';
import type { TFlowEdge, TFlowNode } from './flow-types';

const handle = (name: string, label: string) => ({ name, label }) as TNodeHandle;
const node = (id: string, title: string): TFlowNode => ({
  id,
  type: 'workflow',
  position: { x: 0, y: 0 },
  data: {
    kind: 'input',
    title,
    params: {},
    inputs: [handle('input', 'Input')],
    outputs: [handle('value', '')],
    versions: {},
  },
});
const edge: TFlowEdge = {
  id: 'e1',
  source: 'a1b2',
  target: 'c3d4',
  sourceHandle: 'value',
  targetHandle: 'input',
  data: { label: '', kind: 'button', versions: {} },
};

describe('edge labels for screen readers', () => {
  it('names the ends by node title and handle label, never by id', () => {
    const byId = new Map([
      ['a1b2', node('a1b2', 'Question')],
      ['c3d4', node('c3d4', 'Answer')],
    ]);
    expect(edgeAriaLabel(edge, byId)).toBe('Connection from Question, value, to Answer, Input');
    expect(
      edgeAriaLabel({ ...edge, data: { label: 'why', kind: 'button', versions: {} } }, new Map()),
    ).toBe('Connection from a removed node, value, to a removed node, input (why)');
  });

  it('keeps the edge objects whose label did not change', () => {
    const label = createEdgeLabeller();
    const nodes = [node('a1b2', 'Question'), node('c3d4', 'Answer')];
    const first = label([edge], nodes);
    expect(first[0]!.ariaLabel).toContain('Question');
    expect(label([edge], [...nodes])[0]).toBe(first[0]);
    const renamed = label([edge], [node('a1b2', 'Topic'), nodes[1]!]);
    expect(renamed[0]).not.toBe(first[0]);
    expect(renamed[0]!.ariaLabel).toContain('Topic');
  });
});
