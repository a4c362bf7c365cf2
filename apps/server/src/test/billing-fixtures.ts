import type { TBillingPeriod, TSubscriptionPlan } from '@flowsmith/shared';
import { usageCounters } from '../db/schema/index';
import { monthStart } from '../modules/billing/quotas';
import type { TWorld } from './api-world';

/** The plans on sale, by code. */
export const plansOf = async (w: TWorld) => {
  const items = (await w.as.owner.get('/api/subscription_plans?sort=sortOrder')).body
    .items as TSubscriptionPlan[];
  return Object.fromEntries(items.map((plan) => [plan.code, plan])) as Record<
    string,
    TSubscriptionPlan
  >;
};

/** Sets how many model requests a user has made this month. */
export async function setUsage(w: TWorld, userId: string, requests: number) {
  await w.t.database.db
    .insert(usageCounters)
    .values({ userId, periodStart: monthStart(new Date()), requests })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.periodStart],
      set: { requests },
    });
}

/** `buyer` (the owner unless told) buys `seats` of `plan`: the answer to the purchase. */
export const buy = (
  w: TWorld,
  plan: { id: string },
  seats: number,
  period: TBillingPeriod,
  buyer = w.as.owner,
) => buyer.post('/api/subscriptions', { planId: plan.id, seats, period });
