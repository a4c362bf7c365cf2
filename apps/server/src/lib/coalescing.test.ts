import { describe, expect, it } from 'vitest';
import { coalescing } from './coalescing';

describe('coalescing', () => {
  it('sends the first item at once and those added meanwhile together, as many as it takes', async () => {
    const sent: number[][] = [];
    let release: () => void = () => undefined;
    const batches = coalescing<number>(
      async (batch) => {
        sent.push(batch);
        // The first batch is held until the others have been added.
        if (sent.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      (waiting) => Math.min(waiting.length, 3),
    );
    batches.add(1);
    expect(sent).toEqual([[1]]);
    for (const item of [2, 3, 4, 5]) batches.add(item);
    expect(sent).toEqual([[1]]);
    release();
    await batches.sent();
    expect(sent).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('takes at least one item, and is idle once all are sent', async () => {
    const sent: string[][] = [];
    const batches = coalescing<string>(
      async (batch) => void sent.push(batch),
      () => 0,
    );
    batches.add('a');
    batches.add('b');
    await batches.sent();
    expect(sent).toEqual([['a'], ['b']]);
    batches.add('c');
    await batches.sent();
    expect(sent).toEqual([['a'], ['b'], ['c']]);
  });
});
