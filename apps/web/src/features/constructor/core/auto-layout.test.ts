import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { autoLayout } from './auto-layout';
import { toFlow } from './flow-mapping';
import { isGroupKind, sampleGraph } from './test-graph';

describe('autoLayout', () => {
  it('lays siblings out left to right along their edges, from their top-left corner', async () => {
    const { nodes, edges } = toFlow(sampleGraph(), isGroupKind);
    const items = await autoLayout(new ELK(), nodes, edges, new Set(['in', 'out', 'group']));
    const x = (id: string) => items.find((item) => item.id === id)!.position.x;
    expect(items.map((item) => item.id).sort()).toEqual(['group', 'in', 'out']);
    expect(Math.min(...items.map((item) => item.position.x))).toBe(0);
    expect(items.every((item) => item.parentId === null)).toBe(true);
    expect(x('in')).toBeLessThanOrEqual(x('out'));
  });

  it('skips a scope with a single node', async () => {
    const { nodes, edges } = toFlow(sampleGraph(), isGroupKind);
    expect(await autoLayout(new ELK(), nodes, edges, new Set(['ai']))).toEqual([]);
  });
});
