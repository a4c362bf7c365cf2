import { describe, expect, it } from 'vitest';
import type { TCustomAiToNodeGroup } from '@flowsmith/shared';
import { linkChanges, linkCounts } from './workflow-links';

const link = (id: string, customAiId: string, nodeGroupId: string) =>
  ({ id, customAiId, nodeGroupId }) as TCustomAiToNodeGroup;

describe('linkChanges', () => {
  it('adds what is wanted and missing, removes what is linked and unwanted', () => {
    const current = [link('l1', 'ai', 'g1'), link('l2', 'ai', 'g2')];
    expect(linkChanges(current, ['g2', 'g3', 'g3'])).toEqual({
      create: ['g3'],
      remove: [current[0]],
    });
    expect(linkChanges(current, ['g1', 'g2'])).toEqual({ create: [], remove: [] });
  });
});

describe('linkCounts', () => {
  it('counts the links of each custom AI', () => {
    const counts = linkCounts([link('1', 'a', 'g1'), link('2', 'a', 'g2'), link('3', 'b', 'g1')]);
    expect(counts.get('a')).toBe(2);
    expect(counts.get('b')).toBe(1);
    expect(counts.get('c')).toBeUndefined();
  });
});
