import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../lib/forms';
import { openRun } from './run-actions';
import { backToLive, useRunStore } from './run-store';

/**
 * `?runId=` shows that run on the canvas (the request log and the history link there);
 * "Back to live" and starting a new run drop it again.
 */
export function useRunInUrl(notify: (summary: string, detail: string) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const runParam = searchParams.get('runId');
  const liveId = useRunStore((state) => state.live?.runId ?? null);
  const pastId = useRunStore((state) => state.past?.runId ?? null);

  const setRunParam = useCallback(
    (runId: string | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (runId) next.set('runId', runId);
          else next.delete('runId');
          return next;
        },
        { replace: !runId },
      ),
    [setSearchParams],
  );

  useEffect(() => {
    if (!runParam) return;
    const abort = new AbortController();
    openRun(runParam, abort.signal).catch((error: unknown) => {
      if (!abort.signal.aborted) notify('The run could not be shown', errorText(error));
    });
    return () => abort.abort();
  }, [runParam, notify]);

  // A run started here replaces the one the address named.
  useEffect(() => {
    if (liveId && !pastId && runParam && runParam !== liveId) setRunParam(null);
    // Only a change of the live run decides this, not every change of the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [liveId]);

  const back = useCallback(() => {
    backToLive();
    setRunParam(null);
  }, [setRunParam]);
  return { open: setRunParam, back };
}
