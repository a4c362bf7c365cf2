import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getRealtimeSocket, onRealtimeSocketChange } from '../../../lib/realtime';
import { runKeys } from '../../../lib/queries/runs';
import { isFinished } from '../core/run-state';
import { followRun } from './run-follower';
import { resetRuns, useRunStore } from './run-store';

/**
 * Follows the live run while it is going (again after the connection changes), refreshes the
 * run history when a run starts or ends, and forgets runs when the canvas closes.
 */
export function useLiveRun(projectId: string) {
  const socket = useSyncExternalStore(onRealtimeSocketChange, getRealtimeSocket, () => null);
  const goingId = useRunStore((state) =>
    state.live && !isFinished(state.live.status) ? state.live.runId : null,
  );
  const liveKey = useRunStore((state) =>
    state.live ? `${state.live.runId}:${state.live.status}` : null,
  );
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!goingId) return;
    return followRun(goingId, socket);
  }, [goingId, socket]);

  useEffect(() => {
    if (liveKey) void queryClient.invalidateQueries({ queryKey: runKeys.history(projectId) });
  }, [liveKey, projectId, queryClient]);

  useEffect(() => () => resetRuns(), []);
}
