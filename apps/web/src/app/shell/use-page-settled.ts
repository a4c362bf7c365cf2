import { useEffect, useState } from 'react';

/** Marked on the performance timeline when the page has settled (read by `bench:web`). */
const PAGE_SETTLED_MARK = 'flowsmith:settled';

/**
 * Becomes true once the page has loaded and the browser is idle: the moment for work the first
 * screen does not need (registering the service worker, wiring tooltips), so it neither
 * competes with the first paint nor adds to the first download.
 */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const done = () => {
      if (performance.getEntriesByName(PAGE_SETTLED_MARK).length === 0) {
        performance.mark(PAGE_SETTLED_MARK);
      }
      setSettled(true);
    };
    const settle = () => {
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(done, { timeout: 2000 })
          : window.setTimeout(done, 200);
    };
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle, { once: true });
    return () => {
      window.removeEventListener('load', settle);
      if (idle === undefined) return;
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return settled;
}
