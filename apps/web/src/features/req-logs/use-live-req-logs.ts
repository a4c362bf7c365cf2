import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ZReqLog, type TPublication, type TReqLog } from '@flowsmith/shared';
import { useRealtimeChannels } from '../../lib/realtime';
import { matchesFilters, showLiveRow, showsNewestFirst } from './live-rows';
import { filtersOf, toApiFilters, type TReqLogParams } from './req-log-params';
import { reqLogKeys } from '../../lib/queries/req-logs';

/** A burst of calls (a workflow with many AI nodes) refreshes the totals once, not per call. */
const SUMMARY_REFRESH_MS = 800;
/** How long a live row stays highlighted. */
const FRESH_ROW_MS = 4000;

function reqLogOf(publication: TPublication): TReqLog | null {
  const data = publication.data as { type?: unknown; row?: unknown } | null;
  if (data?.type !== 'req-log') return null;
  const parsed = ZReqLog.safeParse(data.row);
  return parsed.success ? parsed.data : null;
}

/**
 * Listens on the channels of the caller's projects for new model calls: a matching call joins
 * the top of the list (when it shows newest first) and the totals and chart refresh. Returns
 * the ids of rows that arrived in the last few seconds, to highlight them.
 */
export function useLiveReqLogs(params: TReqLogParams, projectIds: readonly string[]) {
  const queryClient = useQueryClient();
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const summaryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const freshTimers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const timers = freshTimers.current;
    return () => {
      clearTimeout(summaryTimer.current);
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  const markFresh = (id: string) => {
    setFreshIds((current) => new Set(current).add(id));
    const timer = setTimeout(() => {
      freshTimers.current.delete(timer);
      setFreshIds((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }, FRESH_ROW_MS);
    freshTimers.current.add(timer);
  };

  useRealtimeChannels(
    projectIds.map((id) => `project:${id}`),
    (publication) => {
      const row = reqLogOf(publication);
      if (!row || !matchesFilters(row, toApiFilters(filtersOf(params), new Date()))) return;
      if (showsNewestFirst(params)) {
        showLiveRow(queryClient, reqLogKeys.list(params), row, params.pageSize);
        markFresh(row.id);
      }
      clearTimeout(summaryTimer.current);
      summaryTimer.current = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: reqLogKeys.summaries() });
      }, SUMMARY_REFRESH_MS);
    },
  );

  return freshIds;
}
