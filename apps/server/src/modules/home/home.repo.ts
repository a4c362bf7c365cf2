import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import {
  customAis,
  homeChecklists,
  projects,
  projectUsers,
  reqLogs,
  runs,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema/index';

/** The ids of the projects a user is a member of. */
const memberProjectIds = (db: TDb, userId: string) =>
  db
    .select({ id: projectUsers.projectId })
    .from(projectUsers)
    .where(eq(projectUsers.userId, userId));

/** The caller's projects, most recently active first: changed, or run. */
export function recentProjects(db: TDb, userId: string, limit: number) {
  const lastRun = db
    .select({ projectId: runs.projectId, at: sql<Date>`max(${runs.createdAt})`.as('at') })
    .from(runs)
    .where(inArray(runs.projectId, memberProjectIds(db, userId)))
    .groupBy(runs.projectId)
    .as('last_run');
  const activeAt = sql<Date>`greatest(${projects.updatedAt}, coalesce(${lastRun.at}, ${projects.updatedAt}))`;
  return db
    .select({ id: projects.id, name: projects.name, role: projectUsers.role, activeAt })
    .from(projectUsers)
    .innerJoin(projects, eq(projects.id, projectUsers.projectId))
    .leftJoin(lastRun, eq(lastRun.projectId, projects.id))
    .where(eq(projectUsers.userId, userId))
    .orderBy(desc(activeAt), projects.name)
    .limit(limit);
}

/** The latest runs in the projects `visible` lets through. */
export function recentRuns(db: TDb, visible: SQL, limit: number) {
  return db
    .select({
      id: runs.id,
      projectId: runs.projectId,
      projectName: projects.name,
      status: runs.status,
      createdAt: runs.createdAt,
      startedAt: runs.startedAt,
      finishedAt: runs.finishedAt,
    })
    .from(runs)
    .innerJoin(projects, eq(projects.id, runs.projectId))
    .where(visible)
    .orderBy(desc(runs.createdAt))
    .limit(limit);
}

/** The latest failed model calls among the request-log rows `readable` lets through. */
export function failedCalls(db: TDb, readable: SQL | undefined, limit: number) {
  return db
    .select({
      id: reqLogs.id,
      projectId: reqLogs.projectId,
      projectName: projects.name,
      provider: reqLogs.provider,
      model: reqLogs.model,
      error: sql<string | null>`left(${reqLogs.error}, 500)`,
      createdAt: reqLogs.createdAt,
    })
    .from(reqLogs)
    .leftJoin(projects, eq(projects.id, reqLogs.projectId))
    .where(and(readable, eq(reqLogs.status, 'failed')))
    .orderBy(desc(reqLogs.createdAt))
    .limit(limit);
}

/** The ids of the projects a user owns. */
const ownedProjectIds = (db: TDb, userId: string) =>
  db
    .select({ id: projectUsers.projectId })
    .from(projectUsers)
    .where(and(eq(projectUsers.userId, userId), eq(projectUsers.role, 'owner')));

export async function ownedProjectCount(db: TDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(projectUsers)
    .where(and(eq(projectUsers.userId, userId), eq(projectUsers.role, 'owner')));
  return Number(row?.n ?? 0);
}

/** Model calls in the user's own projects (or outside any) between two instants. */
export async function requestCount(db: TDb, userId: string, from: Date, to: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(reqLogs)
    .where(
      and(
        gte(reqLogs.createdAt, from),
        lt(reqLogs.createdAt, to),
        or(
          inArray(reqLogs.projectId, ownedProjectIds(db, userId)),
          and(isNull(reqLogs.projectId), eq(reqLogs.userId, userId)),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The plan of the user's active subscription, or the plan with `fallbackCode`. */
export async function planOf(db: TDb, userId: string, now: Date, fallbackCode: string) {
  const [subscribed] = await db
    .select({ plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        gte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (subscribed) return subscribed.plan;
  const [fallback] = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.code, fallbackCode));
  return fallback;
}

/** Whether any row of a project table exists in the projects `visible` lets through. */
async function anyIn(db: TDb, table: typeof runs | typeof customAis, visible: SQL) {
  const [row] = await db.select({ id: table.id }).from(table).where(visible).limit(1);
  return Boolean(row);
}

export const anyRun = (db: TDb, visible: SQL) => anyIn(db, runs, visible);
export const anyCustomAi = (db: TDb, visible: SQL) => anyIn(db, customAis, visible);

export async function checklistOf(db: TDb, userId: string) {
  const [row] = await db.select().from(homeChecklists).where(eq(homeChecklists.userId, userId));
  return row;
}

export async function saveChecklist(
  db: TDb,
  userId: string,
  values: { dismissedAt?: Date | null; databaseImportedAt?: Date },
) {
  await db
    .insert(homeChecklists)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: homeChecklists.userId, set: values });
}
