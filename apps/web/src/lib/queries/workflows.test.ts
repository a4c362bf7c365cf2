import { describe, expect, it } from 'vitest';
import type { TNodeGroup } from '@flowsmith/shared';
import { runnableGroups } from './workflows';

const group = (id: string, nodeId: string, name: string) =>
  ({ id, nodeId, name, settings: {} }) as unknown as TNodeGroup;

describe('runnable groups', () => {
  it('keeps the groups whose node is runnable, by name', () => {
    const groups = [
      group('g1', 'n1', 'Zeta'),
      group('g2', 'n2', 'Plain'),
      group('g3', 'n3', 'Alpha'),
    ];
    expect(runnableGroups(groups, new Set(['n1', 'n3']))).toEqual([
      { id: 'g3', name: 'Alpha' },
      { id: 'g1', name: 'Zeta' },
    ]);
  });
});
