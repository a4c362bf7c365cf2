import type { TRunStatus } from '@flowsmith/shared';

export type TTagSeverity = 'success' | 'danger' | 'info' | 'warning' | 'secondary';

const SEVERITY: Record<TRunStatus, TTagSeverity> = {
  queued: 'secondary',
  running: 'info',
  succeeded: 'success',
  failed: 'danger',
  cancelled: 'warning',
  skipped: 'secondary',
};

export const statusSeverity = (status: TRunStatus): TTagSeverity => SEVERITY[status];

/** "850 ms", "12.3 s", "2 min 5 s", "1 h 3 min". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}
