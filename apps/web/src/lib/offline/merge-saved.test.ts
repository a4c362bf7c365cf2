import { describe, expect, it } from 'vitest';
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { withEarlierQueries } from './merge-saved';

const saved = (buster: string, queries: [string, number][]): PersistedClient =>
  ({
    timestamp: 0,
    buster,
    clientState: {
      mutations: [],
      queries: queries.map(([queryHash, dataUpdatedAt]) => ({
        queryHash,
        queryKey: [queryHash],
        state: { dataUpdatedAt, data: queryHash },
      })),
    },
  }) as unknown as PersistedClient;

const hashes = (client: PersistedClient) => client.clientState.queries.map((q) => q.queryHash);

describe('withEarlierQueries', () => {
  it('keeps what an earlier page load saved, with the newer copy of a query winning', () => {
    const merged = withEarlierQueries(
      saved('b1', [['projects', 20]]),
      saved('b1', [
        ['projects', 10],
        ['databases', 10],
        ['too-old', 1],
      ]),
      5,
    );
    expect(hashes(merged)).toEqual(['projects', 'databases']);
    expect(merged.clientState.queries[0]!.state.dataUpdatedAt).toBe(20);
  });

  it("drops another build's queries: their shapes may have changed", () => {
    const now = saved('b2', [['projects', 20]]);
    expect(withEarlierQueries(now, saved('b1', [['databases', 10]]), 0)).toBe(now);
    expect(withEarlierQueries(now, undefined, 0)).toBe(now);
  });
});
