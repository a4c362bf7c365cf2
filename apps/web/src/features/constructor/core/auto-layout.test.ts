import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { autoLayout } from './auto-layout';
import { toFlow } from './flow-mapping';
import type { TLayoutItem } from './flow-types';
import { connection, isGroupKind, node, sampleGraph } from './test-graph';

const SIZE = { width: 220, height: 100 };

/** Three connected nodes inside an AI group, in a tight row that overflows its frame. */
function groupOfThree() {
  const graph = sampleGraph();
  graph.nodes = [
    node('group', 'ai_group', { position: { x: 100, y: 100 }, width: 300, height: 200 }),
    ...['a', 'b', 'c'].map((id, index) =>
      node(id, 'blank', { position: { x: 20 + index * 30, y: 40 }, parentId: 'group' }),
    ),
    node('out', 'ai_output', { position: { x: 900, y: 0 } }),
  ];
  graph.connections = [
    connection('ab', 'a', 'value', 'b', 'value'),
    connection('bc', 'b', 'value', 'c', 'value'),
    connection('out', 'c', 'value', 'out', 'text'),
  ];
  const flow = toFlow(graph, isGroupKind);
  for (const flowNode of flow.nodes) if (!flowNode.width) flowNode.measured = { ...SIZE };
  return flow;
}

const itemOf = (items: TLayoutItem[], id: string) => items.find((item) => item.id === id)!;

/** Every child lies inside its group's new frame. */
function expectInside(items: TLayoutItem[], groupId: string, childIds: string[]) {
  const group = itemOf(items, groupId);
  for (const id of childIds) {
    const child = itemOf(items, id);
    expect(child.parentId).toBe(groupId);
    expect(child.position.x).toBeGreaterThanOrEqual(0);
    expect(child.position.y).toBeGreaterThanOrEqual(0);
    expect(child.position.x + SIZE.width).toBeLessThanOrEqual(group.width!);
    expect(child.position.y + SIZE.height).toBeLessThanOrEqual(group.height!);
  }
}

describe('autoLayout', () => {
  it('lays siblings out left to right along their edges, from their top-left corner', async () => {
    const { nodes, edges } = toFlow(sampleGraph(), isGroupKind);
    const items = await autoLayout(new ELK(), nodes, edges, new Set(['in', 'out', 'group']));
    const x = (id: string) => itemOf(items, id).position.x;
    const roots = items.filter((item) => item.parentId === null);
    expect(roots.map((item) => item.id).sort()).toEqual(['group', 'in', 'out']);
    expect(Math.min(...roots.map((item) => item.position.x))).toBe(0);
    expect(x('in')).toBeLessThanOrEqual(x('out'));
  });

  it('skips a scope with a single node', async () => {
    const { nodes, edges } = toFlow(sampleGraph(), isGroupKind);
    expect(await autoLayout(new ELK(), nodes, edges, new Set(['ai']))).toEqual([]);
  });

  it('lays out inside each group and sizes the group to its children', async () => {
    const { nodes, edges } = groupOfThree();
    const items = await autoLayout(new ELK(), nodes, edges);
    expect(items.map((item) => item.id).sort()).toEqual(['a', 'b', 'c', 'group', 'out']);
    expectInside(items, 'group', ['a', 'b', 'c']);
    const x = (id: string) => itemOf(items, id).position.x;
    expect(x('a')).toBeLessThan(x('b'));
    expect(x('b')).toBeLessThan(x('c'));
    // The group grew to hold a row of three; what follows it stays to its right.
    const group = itemOf(items, 'group');
    expect(group.width!).toBeGreaterThan(3 * SIZE.width);
    expect(x('out')).toBeGreaterThanOrEqual(group.position.x + group.width!);
  });

  it('lays out a selected group with its contents', async () => {
    const { nodes, edges } = groupOfThree();
    const items = await autoLayout(new ELK(), nodes, edges, new Set(['group']));
    expect(items.map((item) => item.id).sort()).toEqual(['a', 'b', 'c', 'group']);
    expect(itemOf(items, 'group').position).toEqual({ x: 100, y: 100 });
    expectInside(items, 'group', ['a', 'b', 'c']);
  });
});
