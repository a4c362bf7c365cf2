import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TPage, TReqLog } from '@flowsmith/shared';
import { matchesFilters, prependRow, showLiveRow, showsNewestFirst } from './live-rows';
import { DEFAULT_PARAMS } from './req-log-params';

const row = (id: string, patch: Partial<TReqLog> = {}): TReqLog => ({
  id,
  userId: 'u',
  projectId: 'p1',
  runId: null,
  nodeId: null,
  customAiId: null,
  conversationId: null,
  callId: id,
  attempt: 1,
  provider: 'builtin',
  model: 'echo',
  status: 'succeeded',
  latencyMs: 12,
  inputTokens: 3,
  outputTokens: 4,
  cost: 0,
  prompt: 'Hello World',
  response: 'Echo: Hello World',
  error: null,
  truncated: false,
  createdAt: '2026-03-10T12:00:00.000Z',
  updatedAt: '2026-03-10T12:00:00.000Z',
  ...patch,
});

describe('matchesFilters', () => {
  it('applies each filter the server applies', () => {
    const call = row('a');
    expect(matchesFilters(call, {})).toBe(true);
    expect(matchesFilters(call, { projectId: 'p2' })).toBe(false);
    expect(matchesFilters(call, { model: 'echo', status: 'succeeded' })).toBe(true);
    expect(matchesFilters(call, { status: 'failed' })).toBe(false);
    expect(matchesFilters(call, { search: 'hello' })).toBe(true);
    expect(matchesFilters(call, { search: 'bye' })).toBe(false);
  });

  it('takes from as inclusive and to as exclusive', () => {
    const call = row('a');
    expect(matchesFilters(call, { from: call.createdAt })).toBe(true);
    expect(matchesFilters(call, { to: call.createdAt })).toBe(false);
    expect(matchesFilters(call, { to: '2026-03-11T00:00:00.000Z' })).toBe(true);
  });
});

describe('prependRow', () => {
  it('puts the row on top, keeps the page size and counts it', () => {
    const page = { items: [row('b'), row('c')], total: 7, page: 1, pageSize: 2 };
    const next = prependRow(page, row('a'), 2);
    expect(next.items.map((item) => item.id)).toEqual(['a', 'b']);
    expect(next.total).toBe(8);
    expect(prependRow(next, row('a'), 2)).toBe(next);
  });
});

describe('showsNewestFirst', () => {
  it('holds only on the first page sorted by time, newest first', () => {
    expect(showsNewestFirst(DEFAULT_PARAMS)).toBe(true);
    expect(showsNewestFirst({ ...DEFAULT_PARAMS, page: 2 })).toBe(false);
    expect(showsNewestFirst({ ...DEFAULT_PARAMS, sortOrder: 1 })).toBe(false);
    expect(showsNewestFirst({ ...DEFAULT_PARAMS, sortField: 'cost' })).toBe(false);
  });
});

describe('showLiveRow', () => {
  it('keeps a live row that a fetch under way read the log too early to hold', async () => {
    const log = [row('b')];
    let holdNext = false;
    let release: (() => void) | undefined;
    const queryKey = ['req-logs', 'list', {}];
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver<TPage<TReqLog>>(queryClient, {
      queryKey,
      queryFn: async () => {
        const items = [...log];
        if (holdNext) {
          holdNext = false;
          await new Promise<void>((resolve) => (release = resolve));
        }
        return { items, total: items.length, page: 1, pageSize: 10 };
      },
    });
    const stop = observer.subscribe(() => {});
    await expect.poll(() => queryClient.getQueryData(queryKey)).toBeDefined();

    // A refetch reads the log as it is, then answers after the new row was written and shown.
    holdNext = true;
    const refetch = observer.refetch();
    await expect.poll(() => release).toBeDefined();
    log.unshift(row('a'));
    showLiveRow(queryClient, queryKey, row('a'), 10);
    release!();
    await refetch;
    await expect.poll(() => queryClient.isFetching()).toBe(0);

    const page = queryClient.getQueryData<TPage<TReqLog>>(queryKey);
    expect(page?.items.map((item) => item.id)).toEqual(['a', 'b']);
    stop();
    queryClient.clear();
  });
});
