import {
  QueryObserver,
  type QueryClient,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';

/** How long a prefetched result waits for its page before it may be dropped. */
const HOLD_MS = 30_000;

/**
 * Starts a query that a page about to open will read, and keeps its result until the page's
 * own observer takes it over (or `holdMs` passes): a query kept for no time once unobserved
 * (gcTime 0) would otherwise be dropped before the page asks for it. A query the page already
 * observes is left alone.
 */
export function prefetchForPage<TData, TKey extends QueryKey>(
  client: QueryClient,
  options: QueryObserverOptions<TData, Error, TData, TData, TKey>,
  holdMs = HOLD_MS,
): void {
  const cache = client.getQueryCache();
  const existing = cache.find({ queryKey: options.queryKey, exact: true });
  if (existing && existing.getObserversCount() > 0) return;
  const observer = new QueryObserver(client, options);
  const hash = observer.getCurrentQuery().queryHash;
  const release = observer.subscribe(() => undefined);
  const stopWatching = cache.subscribe((event) => {
    if (event.type === 'observerAdded' && event.query.queryHash === hash) {
      if (event.observer !== observer) queueMicrotask(done);
    }
  });
  const timer = setTimeout(done, holdMs);
  function done() {
    clearTimeout(timer);
    stopWatching();
    release();
  }
}
