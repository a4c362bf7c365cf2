import { memo } from 'react';
import type { TRunStatus } from '@flowsmith/shared';
import type { TNodeRunState } from '../core/run-state';
import { useCanvasStore } from '../state/canvas-store';
import { shownRun, useNodeRunState, useRunStore } from '../state/run-store';

const LOOK: Record<TRunStatus, { icon: string; label: string }> = {
  queued: { icon: 'pi pi-clock', label: 'Queued' },
  running: { icon: 'pi pi-spin pi-spinner', label: 'Running' },
  succeeded: { icon: 'pi pi-check', label: 'Succeeded' },
  failed: { icon: 'pi pi-times', label: 'Failed' },
  cancelled: { icon: 'pi pi-ban', label: 'Cancelled' },
  skipped: { icon: 'pi pi-forward', label: 'Skipped' },
};

/** What the badge says: the status, or "retry N" while a failed attempt waits or re-runs. */
function badgeOf(state: TNodeRunState) {
  const look = LOOK[state.status];
  const retrying = state.status === 'running' && (state.retry || state.attempt > 1);
  if (retrying) {
    const number = state.retry?.attempt ?? state.attempt - 1;
    const detail = state.retry
      ? `Attempt ${state.retry.attempt} failed: ${state.retry.error}. Retrying in ${Math.round(state.retry.delayMs / 100) / 10} s.`
      : `Retry ${number} running.`;
    return { ...look, status: 'retry', text: `retry ${number}`, title: detail };
  }
  const title = state.error ? `${look.label}: ${state.error}` : look.label;
  return { ...look, status: state.status, text: '', title };
}

function Badge({ state }: { state: TNodeRunState }) {
  const badge = badgeOf(state);
  return (
    <span
      className={`run-badge run-badge--${badge.status}`}
      title={badge.title}
      aria-label={badge.title}
      role="img"
      data-testid="run-badge"
      data-status={badge.status}
    >
      <i className={badge.icon} aria-hidden="true" />
      {badge.text ? <span className="run-badge__text">{badge.text}</span> : null}
    </span>
  );
}

/** A node's status in the shown run; reads only that node's slice of the run store. */
export const NodeRunBadge = memo(function NodeRunBadge({ nodeId }: { nodeId: string }) {
  const state = useNodeRunState(nodeId);
  return state ? <Badge state={state} /> : null;
});

/** A runnable group's badge: the shown run's own status when the run is of this group. */
export const GroupRunBadge = memo(function GroupRunBadge({ nodeId }: { nodeId: string }) {
  const nodeGroupId = useCanvasStore((state) => state.groups[nodeId]?.id);
  const status = useRunStore((state) => {
    const run = shownRun(state);
    return run && nodeGroupId && run.nodeGroupId === nodeGroupId ? run.status : null;
  });
  const error = useRunStore((state) =>
    status === 'failed' ? (shownRun(state)?.error ?? null) : null,
  );
  if (!status) return null;
  return <Badge state={{ status, error, attempt: 1, retry: null, text: '', image: null }} />;
});
