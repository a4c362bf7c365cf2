import type { PersistedClient } from '@tanstack/query-persist-client-core';

/**
 * What to save: the queries in memory now, plus those saved before (an earlier page load, or
 * dropped from memory since) that are not, of the same build and loaded after `oldest`. Each
 * page load starts with an empty cache, so saving it alone would forget every other screen.
 */
export function withEarlierQueries(
  now: PersistedClient,
  earlier: PersistedClient | undefined,
  oldest: number,
): PersistedClient {
  if (!earlier || earlier.buster !== now.buster) return now;
  const present = new Set(now.clientState.queries.map((query) => query.queryHash));
  const kept = earlier.clientState.queries.filter(
    (query) => !present.has(query.queryHash) && query.state.dataUpdatedAt >= oldest,
  );
  return {
    ...now,
    clientState: { ...now.clientState, queries: [...now.clientState.queries, ...kept] },
  };
}
