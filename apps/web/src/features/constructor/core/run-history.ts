import type { TRun, TRunStatus } from '@flowsmith/shared';
import { formatDuration, statusSeverity, type TTagSeverity } from '../../../lib/format/run-format';

/** One line of the run history, ready to render. */
export type THistoryRow = {
  id: string;
  status: TRunStatus;
  severity: TTagSeverity;
  target: string;
  started: string;
  duration: string;
  who: string;
};

/** From start to finish; a run still going counts up to `now`; one never started has none. */
export function runDuration(
  run: Pick<TRun, 'startedAt' | 'finishedAt'>,
  now: number = Date.now(),
): string {
  if (!run.startedAt) return '—';
  const end = run.finishedAt ? Date.parse(run.finishedAt) : now;
  return formatDuration(end - Date.parse(run.startedAt));
}

/** What a run ran: its group by name, one node, or the whole canvas. */
export function runTarget(
  run: Pick<TRun, 'nodeGroupId' | 'nodeId'>,
  groupNames: ReadonlyMap<string, string>,
): string {
  if (run.nodeGroupId) return groupNames.get(run.nodeGroupId) ?? 'A deleted group';
  if (run.nodeId) return 'One node';
  return 'Whole canvas';
}

/** Who started it: "You", a member by name, or someone no longer in the project. */
export function runnerName(
  userId: string | null,
  memberNames: ReadonlyMap<string, string>,
  currentUserId: string | null,
): string {
  if (!userId) return 'API';
  if (userId === currentUserId) return 'You';
  return memberNames.get(userId) ?? 'A former member';
}

/** `14:05:09`, local time. */
export const clockTime = (date: Date) =>
  [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');

export type THistoryContext = {
  groupNames: ReadonlyMap<string, string>;
  memberNames: ReadonlyMap<string, string>;
  currentUserId: string | null;
  /** The locale's date of an ISO timestamp. */
  formatDay: (iso: string) => string;
  now?: number;
};

export function historyRow(run: TRun, context: THistoryContext): THistoryRow {
  const when = run.startedAt ?? run.createdAt;
  return {
    id: run.id,
    status: run.status,
    severity: statusSeverity(run.status),
    target: runTarget(run, context.groupNames),
    started: `${context.formatDay(when)} ${clockTime(new Date(when))}`,
    duration: runDuration(run, context.now),
    who: runnerName(run.userId, context.memberNames, context.currentUserId),
  };
}

/** A short run label for the banner: the first block of its id. */
export const shortRunId = (runId: string) => runId.split('-')[0] ?? runId;
