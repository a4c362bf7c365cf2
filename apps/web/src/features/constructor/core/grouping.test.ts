import { describe, expect, it } from 'vitest';
import { toFlow } from './flow-mapping';
import { absolutePosition, groupAt, reparentAfterDrag } from './grouping';
import { isGroupKind, sampleGraph } from './test-graph';

function flowNodes() {
  const { nodes } = toFlow(sampleGraph(), isGroupKind);
  return nodes.map((n) => ({ ...n, measured: { width: n.width ?? 100, height: n.height ?? 40 } }));
}

describe('grouping', () => {
  it('adds up parent positions', () => {
    const nodes = flowNodes();
    const byId = new Map(nodes.map((n) => [n.id, n]));
    expect(absolutePosition(byId.get('ai')!, byId)).toEqual({ x: 120, y: 130 });
  });

  it('finds the innermost group under a point, never the moving one', () => {
    const nodes = flowNodes();
    expect(groupAt({ x: 150, y: 150 }, nodes, isGroupKind)?.id).toBe('group');
    expect(groupAt({ x: 150, y: 150 }, nodes, isGroupKind, new Set(['group']))).toBeNull();
    expect(groupAt({ x: 5, y: 5 }, nodes, isGroupKind)).toBeNull();
  });

  it('moves a dropped node into a group with a relative position, and out again', () => {
    let nodes = flowNodes().map((n) =>
      n.id === 'in' ? { ...n, position: { x: 200, y: 200 } } : n,
    );
    expect(reparentAfterDrag(['in'], nodes, isGroupKind)).toEqual([
      { id: 'in', parentId: 'group', position: { x: 100, y: 100 } },
    ]);
    nodes = flowNodes().map((n) => (n.id === 'ai' ? { ...n, position: { x: 500, y: -90 } } : n));
    expect(reparentAfterDrag(['ai'], nodes, isGroupKind)).toEqual([
      { id: 'ai', parentId: null, position: { x: 600, y: 10 } },
    ]);
  });

  it('leaves children dragged along with their group alone', () => {
    expect(reparentAfterDrag(['group', 'ai'], flowNodes(), isGroupKind)).toEqual([]);
  });
});
