import { QueryClient, QueryObserver, queryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchForPage } from './prefetch';

/** A query read once and dropped as soon as nobody observes it, as the canvas's is. */
function setup() {
  const client = new QueryClient();
  const queryFn = vi.fn(async () => 'graph');
  const options = queryOptions({
    queryKey: ['canvas', 'graph', 'p1'],
    queryFn,
    staleTime: Infinity,
    gcTime: 0,
  });
  const cached = () => client.getQueryCache().find({ queryKey: options.queryKey });
  return { client, queryFn, options, cached };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetchForPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the result until the page observes it, then leaves it to the page', async () => {
    const { client, queryFn, options, cached } = setup();
    prefetchForPage(client, options);
    await settled();
    expect(cached()?.state.data).toBe('graph');

    const page = new QueryObserver(client, options);
    const leave = page.subscribe(() => undefined);
    await settled();
    expect(page.getCurrentResult().data).toBe('graph');
    expect(queryFn).toHaveBeenCalledTimes(1);

    leave();
    await settled();
    expect(cached()).toBeUndefined();
  });

  it('lets the result go when no page comes for it', async () => {
    vi.useFakeTimers();
    const { client, options, cached } = setup();
    prefetchForPage(client, options, 1_000);
    await vi.advanceTimersByTimeAsync(10);
    expect(cached()?.state.data).toBe('graph');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(cached()).toBeUndefined();
  });

  it('leaves a query the page observes already alone', async () => {
    vi.useFakeTimers();
    const { client, queryFn, options, cached } = setup();
    const page = new QueryObserver(client, options);
    const leave = page.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    prefetchForPage(client, options, 1_000);
    await vi.advanceTimersByTimeAsync(10);
    expect(queryFn).toHaveBeenCalledTimes(1);

    leave();
    await vi.advanceTimersByTimeAsync(10);
    // Not held on for the prefetch's time: a later opening loads the canvas afresh.
    expect(cached()).toBeUndefined();
  });
});
