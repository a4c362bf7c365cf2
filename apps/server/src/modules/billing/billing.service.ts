import type { TBillingOverview, TProjectBudget, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { projectAccess } from '../projects/project-access';
import { apiRow } from '../resources/api-row';
import type { TDbRow } from '../resources/resource.types';
import * as repo from './billing.repo';
import type { TPaymentProvider } from './payments';
import { monthStart, nextMonthStart, planOf } from './quotas';

const toApi = <T>(row: object) => apiRow(row as TDbRow) as T;

/** The caller's plan, subscription and what they used of it this period. */
export async function overview(
  db: TDb,
  user: TUser,
  payments: TPaymentProvider,
): Promise<TBillingOverview> {
  const now = new Date();
  const periodStart = monthStart(now);
  const { plan, subscription } = await planOf(db, user.id, now);
  return {
    plan: toApi(plan),
    subscription: subscription ? toApi(subscription) : null,
    periodStart: periodStart.toISOString(),
    resetsAt: nextMonthStart(now).toISOString(),
    usage: {
      requests: await repo.requestsUsed(db, user.id, periodStart),
      projects: await repo.ownedProjectCount(db, user.id),
      members: await repo.largestOwnedProject(db, user.id),
      cost: await repo.ownedProjectsCost(db, user.id, periodStart),
    },
    paymentProvider: payments.name,
  };
}

export async function projectBudget(db: TDb, user: TUser, projectId: string) {
  await projectAccess.require(db, user, projectId, 'viewer');
  return budgetOf(db, projectId);
}

/** Owners set or clear a project's monthly cost cap. */
export async function setProjectBudget(
  db: TDb,
  user: TUser,
  projectId: string,
  monthlyCapCents: number | null,
) {
  await projectAccess.require(db, user, projectId, 'owner');
  await repo.setBudget(db, projectId, monthlyCapCents);
  return budgetOf(db, projectId);
}

async function budgetOf(db: TDb, projectId: string): Promise<TProjectBudget> {
  const now = new Date();
  const periodStart = monthStart(now);
  const budget = await repo.budgetOf(db, projectId);
  return {
    projectId,
    monthlyCapCents: budget?.monthlyCapCents ?? null,
    spentCents: Math.round((await repo.projectCost(db, projectId, periodStart)) * 100),
    periodStart: periodStart.toISOString(),
    resetsAt: nextMonthStart(now).toISOString(),
  };
}
