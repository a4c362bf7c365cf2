import { describe, expect, it } from 'vitest';
import { nodeKindOf } from '@flowsmith/shared';
import type { TFlowNode } from './flow-types';
import { ancestorsOf, checkedKind, nodesNeedingAttention } from './run-check';

const flowNode = (
  id: string,
  kind: string,
  params: Record<string, unknown> = {},
  parentId?: string,
): TFlowNode => ({
  id,
  type: kind,
  position: { x: 0, y: 0 },
  ...(parentId ? { parentId } : {}),
  data: { kind, title: id.toUpperCase(), params, inputs: [], outputs: [], versions: {} },
});

const kindOf = (kind: string) => checkedKind(nodeKindOf(kind));

describe('checking the canvas before a whole-canvas run', () => {
  it('names each node that would run without a setting it needs', () => {
    const nodes = [
      flowNode('g', 'ai_group'),
      flowNode('facts', 'database', {}, 'g'),
      flowNode('ok', 'database', { databaseId: 'd1' }),
      flowNode('note', 'blank'),
      flowNode('ask', 'input', { name: 'question' }),
    ];
    expect(nodesNeedingAttention(nodes, kindOf)).toEqual([
      { nodeId: 'facts', title: 'FACTS', problems: ['Database is required'] },
    ]);
  });

  it('finds the groups a node sits in, nearest first', () => {
    const nodes = [
      flowNode('outer', 'group'),
      flowNode('inner', 'ai_group', {}, 'outer'),
      flowNode('n', 'input', {}, 'inner'),
    ];
    expect(ancestorsOf('n', nodes)).toEqual(['inner', 'outer']);
    expect(ancestorsOf('outer', nodes)).toEqual([]);
  });
});
