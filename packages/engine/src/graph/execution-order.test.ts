import { describe, expect, it } from 'vitest';
import { CycleError, executionWaves } from './execution-order';

describe('executionWaves', () => {
  it('orders a chain and runs independent branches in the same wave', () => {
    const edges = [
      { source: 'in', target: 'a' },
      { source: 'in', target: 'b' },
      { source: 'a', target: 'out' },
      { source: 'b', target: 'out' },
    ];
    expect(executionWaves(['out', 'b', 'a', 'in'], edges)).toEqual([['in'], ['a', 'b'], ['out']]);
  });

  it('ignores edges to nodes outside the graph', () => {
    expect(executionWaves(['a'], [{ source: 'a', target: 'elsewhere' }])).toEqual([['a']]);
  });

  it('rejects a cycle and names its nodes', () => {
    const edges = [
      { source: 'a', target: 'b' },
      { source: 'b', target: 'c' },
      { source: 'c', target: 'b' },
    ];
    expect(() => executionWaves(['a', 'b', 'c'], edges)).toThrow(CycleError);
    expect(() => executionWaves(['a', 'b', 'c'], edges)).toThrow('b, c');
  });
});
