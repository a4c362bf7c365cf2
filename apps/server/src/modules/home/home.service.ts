import type { THomeSummary, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { customAis, runs } from '../../db/schema/index';
import { projectAccess } from '../projects/project-access';
import { readableLogs } from '../req-logs/req-logs.service';
import * as repo from './home.repo';

/** Without a subscription, a person is on this plan. */
const FREE_PLAN = 'free';

const iso = (date: Date | string) => new Date(date).toISOString();

/** The calendar month (UTC) that `now` falls in. */
function monthOf(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

function durationOf(run: { startedAt: Date | null; finishedAt: Date | null }, now: Date) {
  if (!run.startedAt) return null;
  return Math.max(0, (run.finishedAt ?? now).getTime() - run.startedAt.getTime());
}

async function usageOf(db: TDb, user: TUser, now: Date): Promise<THomeSummary['usage']> {
  const { start, end } = monthOf(now);
  const [plan, requests, ownedProjects] = await Promise.all([
    repo.planOf(db, user.id, now, FREE_PLAN),
    repo.requestCount(db, user.id, start, end),
    repo.ownedProjectCount(db, user.id),
  ]);
  return {
    plan: { code: plan?.code ?? FREE_PLAN, name: plan?.name ?? 'Free' },
    requests: { used: requests, limit: plan?.requestsPerMonth ?? 0 },
    projects: { used: ownedProjects, limit: plan?.maxProjects ?? 0 },
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
  };
}

/** Home for one person: recent work, failures, usage of their plan, and how far they got. */
export async function homeSummary(
  db: TDb,
  user: TUser,
  { limit }: { limit: number },
): Promise<THomeSummary> {
  const now = new Date();
  const visibleRuns = projectAccess.visible(db, runs.projectId, user.id);
  const [projects, recentRuns, failed, usage, hasRun, hasCustomAi, checklist] = await Promise.all([
    repo.recentProjects(db, user.id, limit),
    repo.recentRuns(db, visibleRuns, limit),
    repo.failedCalls(db, readableLogs(db, user), limit),
    usageOf(db, user, now),
    repo.anyRun(db, visibleRuns),
    repo.anyCustomAi(db, projectAccess.visible(db, customAis.projectId, user.id)),
    repo.checklistOf(db, user.id),
  ]);
  return {
    recentProjects: projects.map((p) => ({ ...p, activeAt: iso(p.activeAt) })),
    recentRuns: recentRuns.map((run) => ({
      id: run.id,
      projectId: run.projectId,
      projectName: run.projectName,
      status: run.status,
      createdAt: iso(run.createdAt),
      durationMs: durationOf(run, now),
    })),
    failedCalls: failed.map((call) => ({ ...call, createdAt: iso(call.createdAt) })),
    usage,
    checklist: {
      dismissed: Boolean(checklist?.dismissedAt),
      done: {
        project: projects.length > 0,
        run: hasRun,
        customAi: hasCustomAi,
        database: Boolean(checklist?.databaseImportedAt),
      },
    },
  };
}

/** Hides the checklist on Home, or shows it again. */
export async function setChecklistDismissed(db: TDb, user: TUser, dismissed: boolean) {
  await repo.saveChecklist(db, user.id, { dismissedAt: dismissed ? new Date() : null });
}

/** Ticks "import a database" for the person who imported. */
export async function noteDatabaseImport(db: TDb, user: TUser) {
  await repo.saveChecklist(db, user.id, { databaseImportedAt: new Date() });
}
