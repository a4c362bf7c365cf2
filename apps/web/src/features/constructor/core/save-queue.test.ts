import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TLayoutItem } from './flow-types';
import { SaveQueue, type TSaveStatus } from './save-queue';

const at = (id: string, x: number): TLayoutItem => ({ id, position: { x, y: 0 }, parentId: null });

function setup(saveLayout: (items: TLayoutItem[]) => Promise<void>) {
  const statuses: TSaveStatus[] = [];
  const errors: boolean[] = [];
  const queue = new SaveQueue({
    saveLayout,
    onStatus: (status) => statuses.push(status),
    onLayoutError: (_error, willRetry) => errors.push(willRetry),
    isRetryable: (error) => error instanceof Error && error.message === 'Network Error',
    debounceMs: 300,
    retryDelaysMs: [1000],
  });
  return { queue, statuses, errors };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SaveQueue', () => {
  it('gathers moves per node and saves them once after the pause', async () => {
    const save = vi.fn(async () => undefined);
    const { queue, statuses } = setup(save);
    queue.queueLayout([at('a', 1)]);
    queue.queueLayout([at('a', 2), at('b', 3)]);
    await vi.advanceTimersByTimeAsync(299);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledWith([at('a', 2), at('b', 3)]);
    expect(statuses).toEqual(['pending', 'saving', 'saved']);
  });

  it('keeps a failed batch, retries it, and lets newer moves win', async () => {
    const save = vi
      .fn<(items: TLayoutItem[]) => Promise<void>>()
      .mockRejectedValueOnce(new Error('Network Error'))
      .mockResolvedValue(undefined);
    const { queue, statuses, errors } = setup(save);
    queue.queueLayout([at('a', 1), at('b', 1)]);
    await vi.advanceTimersByTimeAsync(300);
    expect(errors).toEqual([true]);
    expect(statuses.at(-1)).toBe('error');
    expect(queue.hasUnsaved).toBe(true);
    queue.queueLayout([at('a', 9)]);
    await vi.advanceTimersByTimeAsync(300);
    expect(save).toHaveBeenLastCalledWith([at('a', 9), at('b', 1)]);
    expect(statuses.at(-1)).toBe('saved');
    expect(queue.hasUnsaved).toBe(false);
  });

  it('does not retry a refusal on its own, but keeps the work', async () => {
    const save = vi.fn(async () => {
      throw new Error('Forbidden');
    });
    const { queue, errors } = setup(save);
    queue.queueLayout([at('a', 1)]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([false]);
    expect(queue.hasUnsaved).toBe(true);
  });

  it('saves queued moves before a later write, in order, and forgets deleted nodes', async () => {
    const calls: string[] = [];
    const { queue } = setup(async (items) => {
      calls.push(`layout ${items.map((i) => i.id).join()}`);
    });
    queue.queueLayout([at('a', 1), at('b', 2)]);
    queue.forget(['b']);
    await queue.run(async () => {
      calls.push('delete');
    });
    expect(calls).toEqual(['layout a', 'delete']);
  });
});
