import { describe, expect, it } from 'vitest';
import { parseGraphDocument } from '@flowsmith/shared';
import { clipboardOf, fragmentIds, fragmentOf, pasteOffset, remapFragment } from './fragment';
import { sampleGraph } from './test-graph';

describe('fragmentOf', () => {
  it('takes a group with its contents, keeps internal edges and notes the loose ones', () => {
    const fragment = fragmentOf(sampleGraph(), ['group']);
    expect(fragment.document.nodes.map((n) => n.id).sort()).toEqual(['ai', 'group']);
    expect(fragment.document.edges).toEqual([]);
    expect(fragment.looseEdges.map((e) => e.id).sort()).toEqual(['e1', 'e2']);
    expect(fragment.parents).toEqual({});
    expect(fragment.document.nodes.find((n) => n.id === 'group')?.group?.name).toBe('Group');
    expect(parseGraphDocument(fragment.document).ok).toBe(true);
  });

  it('remembers the outside parent of a child, keeping its relative position', () => {
    const fragment = fragmentOf(sampleGraph(), ['ai']);
    expect(fragment.parents).toEqual({ ai: 'group' });
    expect(fragment.document.nodes[0]).toMatchObject({
      parentId: null,
      position: { x: 20, y: 30 },
    });
  });

  it('includes chosen edges between nodes left in place', () => {
    const fragment = fragmentOf(sampleGraph(), [], ['e2']);
    expect(fragmentIds(fragment)).toEqual({ nodeIds: [], connectionIds: ['e2'] });
  });
});

describe('clipboardOf', () => {
  it('copies edges between copied nodes only and makes orphaned positions absolute', () => {
    const document = clipboardOf(sampleGraph(), ['ai', 'out']);
    expect(document.edges.map((e) => e.id)).toEqual(['e2']);
    expect(document.nodes.find((n) => n.id === 'ai')).toMatchObject({
      parentId: null,
      position: { x: 120, y: 130 },
    });
    expect(document.nodes.find((n) => n.id === 'ai')?.inputs.map((h) => h.name)).toEqual(['input']);
  });
});

describe('pasteOffset', () => {
  // 'ai' lands at (120, 130) once copied without its group; 'out' sits at (600, 0).
  const document = clipboardOf(sampleGraph(), ['ai', 'out', 'group']);

  it("puts the copy's top-left corner at the pointer, further on each paste there", () => {
    expect(pasteOffset(document, { x: 500, y: 300 }, 0, 40)).toEqual({ x: 400, y: 300 });
    expect(pasteOffset(document, { x: 500, y: 300 }, 2, 40)).toEqual({ x: 480, y: 380 });
  });

  it('steps off the copied nodes without a pointer', () => {
    expect(pasteOffset(document, null, 1, 40)).toEqual({ x: 40, y: 40 });
    expect(pasteOffset(document, null, 3, 40)).toEqual({ x: 120, y: 120 });
  });
});

describe('remapFragment', () => {
  it('rewrites node, parent, edge and loose edge ids', () => {
    const fragment = fragmentOf(sampleGraph(), ['ai']);
    const map = { ai: 'ai2', group: 'group2', e1: 'e1b' };
    const remapped = remapFragment(fragment, map);
    expect(remapped.document.nodes[0]!.id).toBe('ai2');
    expect(remapped.parents).toEqual({ ai2: 'group2' });
    expect(remapped.looseEdges.map((e) => [e.id, e.source, e.target])).toEqual([
      ['e1b', 'in', 'ai2'],
      ['e2', 'ai2', 'out'],
    ]);
    expect(fragment.document.nodes[0]!.id).toBe('ai');
  });
});
