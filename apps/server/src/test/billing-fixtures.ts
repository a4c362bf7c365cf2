import type { TSubscriptionPlan } from '@flowsmith/shared';
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
