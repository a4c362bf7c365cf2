import {
  ZSubscription,
  ZSubscriptionCreate,
  ZSubscriptionListQuery,
  ZSubscriptionPlan,
  ZSubscriptionPlanCreate,
  ZSubscriptionPlanListQuery,
  ZSubscriptionPlanUpdate,
  ZSubscriptionUpdate,
} from '@flowsmith/shared';
import { and, eq } from 'drizzle-orm';
import { subscriptionPlans, subscriptions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { apiRow } from '../resources/api-row';
import type { TResourceDefinition, TValues } from '../resources/resource.types';

export const subscriptionPlansResource: TResourceDefinition = {
  name: 'subscription_plans',
  table: subscriptionPlans,
  scope: { kind: 'catalog' },
  schemas: {
    row: ZSubscriptionPlan,
    create: ZSubscriptionPlanCreate,
    update: ZSubscriptionPlanUpdate,
    listQuery: ZSubscriptionPlanListQuery,
  },
  columns: {
    id: subscriptionPlans.id,
    name: subscriptionPlans.name,
    active: subscriptionPlans.active,
    sortOrder: subscriptionPlans.sortOrder,
    priceMonthlyCents: subscriptionPlans.priceMonthlyCents,
  },
  defaultSort: 'sortOrder',
  searchColumns: [subscriptionPlans.name, subscriptionPlans.code],
  toApi: apiRow,
};

function periodEnd(start: Date, period: 'monthly' | 'yearly'): Date {
  const end = new Date(start);
  if (period === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/**
 * A purchase with the built-in `local` payment provider: it is active at once and replaces the
 * buyer's previous active subscription.
 */
export const subscriptionsResource: TResourceDefinition = {
  name: 'subscriptions',
  table: subscriptions,
  scope: { kind: 'owner' },
  schemas: {
    row: ZSubscription,
    create: ZSubscriptionCreate,
    update: ZSubscriptionUpdate,
    listQuery: ZSubscriptionListQuery,
  },
  columns: {
    id: subscriptions.id,
    status: subscriptions.status,
    planId: subscriptions.planId,
    createdAt: subscriptions.createdAt,
    currentPeriodEnd: subscriptions.currentPeriodEnd,
  },
  defaultSort: '-createdAt',
  toApi: apiRow,
  async toInsert(body, { db, user }) {
    const [plan] = await db
      .select()
      .from(subscriptionPlans)
      .where(
        and(eq(subscriptionPlans.id, body.planId as string), eq(subscriptionPlans.active, true)),
      );
    if (!plan) throw AppError.validation('planId', 'No such plan on sale');
    const now = new Date();
    await db
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'active')));
    const period = body.period as 'monthly' | 'yearly';
    return { planId: plan.id, seats: body.seats, period, currentPeriodEnd: periodEnd(now, period) };
  },
  toUpdate(body, existing) {
    if (
      existing.status === 'cancelled' &&
      (body.seats !== undefined || body.period !== undefined)
    ) {
      throw new AppError('conflict', 'A cancelled subscription cannot be changed; buy a new one');
    }
    const values: TValues = { ...body };
    if (body.status === 'cancelled' && existing.status !== 'cancelled')
      values.cancelledAt = new Date();
    return values;
  },
};
