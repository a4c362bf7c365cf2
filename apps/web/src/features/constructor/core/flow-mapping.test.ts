import { describe, expect, it } from 'vitest';
import { applyLayout, sortParentsFirst, toFlow, toProjectGraph } from './flow-mapping';
import { isGroupKind, node, P, sampleGraph } from './test-graph';

describe('toFlow', () => {
  it('puts parents before children and carries handles and group sizes', () => {
    const graph = sampleGraph();
    graph.nodes.reverse();
    const { nodes, edges } = toFlow(graph, isGroupKind);
    const ids = nodes.map((n) => n.id);
    expect(ids.indexOf('group')).toBeLessThan(ids.indexOf('ai'));
    const ai = nodes.find((n) => n.id === 'ai')!;
    expect(ai.parentId).toBe('group');
    expect(ai.data.inputs.map((h) => h.name)).toEqual(['input']);
    expect(nodes.find((n) => n.id === 'group')).toMatchObject({ width: 400, height: 300 });
    expect(edges[0]).toMatchObject({
      type: 'button',
      sourceHandle: 'value',
      targetHandle: 'input',
    });
  });

  it('round-trips to the stored graph', () => {
    const graph = sampleGraph();
    const { nodes, edges } = toFlow(graph, isGroupKind);
    const back = toProjectGraph(P, nodes, edges, { group: graph.groups[0]! });
    // Stamps are the server's; the canvas does not keep them.
    const strip = <T extends { id: string }>(rows: T[]) =>
      rows.map((row) => ({ ...row, createdAt: '', updatedAt: '' }));
    expect(strip(back.nodes).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      strip(graph.nodes).sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(strip(back.connections)).toEqual(strip(graph.connections));
    expect(back.groups).toEqual(graph.groups);
  });
});

describe('sortParentsFirst / applyLayout', () => {
  it('orders nested groups by depth and keeps untouched nodes identical', () => {
    const sorted = sortParentsFirst([
      { id: 'c', parentId: 'b' },
      { id: 'b', parentId: 'a' },
      { id: 'a' },
    ]);
    expect(sorted.map((n) => n.id)).toEqual(['a', 'b', 'c']);

    const { nodes } = toFlow(
      { ...sampleGraph(), nodes: [node('x', 'input'), node('y', 'blank')] },
      isGroupKind,
    );
    const next = applyLayout(nodes, [{ id: 'x', position: { x: 5, y: 6 }, parentId: null }]);
    expect(next[0]!.position).toEqual({ x: 5, y: 6 });
    expect(next[1]).toBe(nodes[1]);
  });
});

describe('initial geometry', () => {
  it('gives unmeasured nodes a size and handle places, groups their stored size', () => {
    const { nodes } = toFlow(sampleGraph(), isGroupKind);
    const ai = nodes.find((n) => n.id === 'ai')!;
    expect(ai.initialWidth).toBeGreaterThan(0);
    expect(ai.handles?.map((h) => `${h.type}:${h.id}`)).toEqual(['target:input', 'source:text']);
    const [target, source] = ai.handles!;
    expect(target!.x).toBeLessThan(source!.x);
    expect(nodes.find((n) => n.id === 'group')!.handles).toBeUndefined();
  });
});
