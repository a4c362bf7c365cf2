import { create } from 'zustand';
import type { TRunProgressEvent } from '@flowsmith/shared';
import { applyRunEvents, type TNodeRunState, type TRunView } from '../core/run-state';

export type TRunState = {
  /** The latest run started or followed on this canvas; it updates as events arrive. */
  live: TRunView | null;
  /** A run reopened from the history: shown instead of `live` until "Back to live". */
  past: TRunView | null;
  historyOpen: boolean;
};

const empty: TRunState = { live: null, past: null, historyOpen: false };

/**
 * Runs shown on the canvas, apart from the canvas store: a streamed token must not wake the
 * canvas's subscribers, and a drag must not wake the 1,000 node badges.
 */
export const useRunStore = create<TRunState>(() => ({ ...empty }));

export const shownRun = (state: TRunState) => state.past ?? state.live;

/** One node's slice of the shown run: a node re-renders only when its own state changes. */
export const useNodeRunState = (nodeId: string): TNodeRunState | undefined =>
  useRunStore((state) => shownRun(state)?.nodes[nodeId]);

export const resetRuns = () => useRunStore.setState({ ...empty });

export const setLiveRun = (live: TRunView) => useRunStore.setState({ live, past: null });

/** Puts `view` in the place of the live run with its id; another live run stays. */
export const replaceLiveRun = (view: TRunView) =>
  useRunStore.setState((state) => (state.live?.runId === view.runId ? { live: view } : state));

export const showPastRun = (past: TRunView) => useRunStore.setState({ past });

export const backToLive = () => useRunStore.setState({ past: null });

export const toggleHistory = () =>
  useRunStore.setState((state) => ({ historyOpen: !state.historyOpen }));

/** Merges events of the live run; returns its view afterwards (null if another run is live). */
export function applyLiveEvents(runId: string, events: TRunProgressEvent[]): TRunView | null {
  const { live } = useRunStore.getState();
  if (!live || live.runId !== runId) return null;
  const next = applyRunEvents(live, events);
  if (next !== live) useRunStore.setState({ live: next });
  return next;
}
