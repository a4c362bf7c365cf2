import { describe, expect, it } from 'vitest';
import { fragmentOf } from './fragment';
import { History, invert, type TOp } from './history';
import { sampleGraph } from './test-graph';

const move = (x: number): TOp => ({
  kind: 'layout',
  before: [{ id: 'in', position: { x: 0, y: 0 }, parentId: null }],
  after: [{ id: 'in', position: { x, y: 0 }, parentId: null }],
});

describe('invert', () => {
  it('swaps add and remove, before and after, and reverses batches', () => {
    const fragment = fragmentOf(sampleGraph(), ['in']);
    expect(invert({ kind: 'add', fragment })).toEqual({ kind: 'remove', fragment });
    const batch: TOp = {
      kind: 'batch',
      ops: [
        { kind: 'remove', fragment },
        { kind: 'edge-label', edgeId: 'e1', before: '', after: 'x' },
      ],
    };
    expect(invert(batch)).toEqual({
      kind: 'batch',
      ops: [
        { kind: 'edge-label', edgeId: 'e1', before: 'x', after: '' },
        { kind: 'add', fragment },
      ],
    });
    expect(invert(invert(move(5)))).toEqual(move(5));
  });
});

describe('History', () => {
  it('undoes and redoes in order, and a new change clears redo', async () => {
    const history = new History();
    const applied: TOp[] = [];
    const apply = async (op: TOp) => {
      applied.push(op);
    };
    history.push('Move', move(10));
    history.push('Move', move(20));
    expect(await history.undo(apply)).toBe('Move');
    expect(applied[0]).toEqual(invert(move(20)));
    expect(await history.redo(apply)).toBe('Move');
    expect(applied[1]).toEqual(move(20));
    await history.undo(apply);
    history.push('Move', move(30));
    expect(history.canRedo).toBe(false);
    expect(await history.redo(apply)).toBeNull();
  });

  it('keeps the entry when applying fails, so it can be tried again', async () => {
    const history = new History();
    history.push('Move', move(10));
    await expect(
      history.undo(async () => {
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
    expect(history.canUndo).toBe(true);
    expect(history.canRedo).toBe(false);
  });

  it('follows ids that changed while applying', async () => {
    const history = new History();
    const fragment = fragmentOf(sampleGraph(), [], ['e2']);
    history.push('Delete', { kind: 'remove', fragment });
    history.push('Label', { kind: 'edge-label', edgeId: 'e2', before: '', after: 'hi' });
    await history.undo(async () => undefined);
    // Undoing the delete re-creates the connection under a new id.
    await history.undo(async () => history.remap({ e2: 'e2-new' }));
    const seen: TOp[] = [];
    await history.redo(async (op) => {
      seen.push(op);
    });
    await history.redo(async (op) => {
      seen.push(op);
    });
    expect(seen[0]).toMatchObject({ kind: 'remove' });
    expect((seen[0] as { fragment: typeof fragment }).fragment.looseEdges[0]!.id).toBe('e2-new');
    expect(seen[1]).toMatchObject({ kind: 'edge-label', edgeId: 'e2-new' });
  });

  it('keeps at most the limit', async () => {
    const history = new History(2);
    history.push('a', move(1));
    history.push('b', move(2));
    history.push('c', move(3));
    const labels: (string | null)[] = [];
    while (history.canUndo) labels.push(await history.undo(async () => undefined));
    expect(labels).toEqual(['c', 'b']);
  });
});
