import { describe, expect, it } from 'vitest';
import type { TReqLog } from '@flowsmith/shared';
import { matchesFilters, prependRow, showsNewestFirst } from './live-rows';
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
