import type { TBillingPeriod, TSubscriptionPlan } from '@flowsmith/shared';
import { priceCents } from '@flowsmith/shared';
import { formatCount } from '../../lib/format/number-format';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatCents = (cents: number) => money.format(cents / 100);

/** Each quota of a plan in words. */
export function quotaWords(plan: TSubscriptionPlan): string[] {
  return [
    `${formatCount(plan.requestsPerMonth)} model requests a month`,
    `${formatCount(plan.maxProjects)} projects`,
    `${formatCount(plan.maxMembers)} members per project`,
  ];
}

/** What a purchase costs, and what paying yearly saves against twelve months. */
export function purchaseTotal(plan: TSubscriptionPlan, period: TBillingPeriod, seats: number) {
  const total = priceCents(plan, period, seats);
  const saving = period === 'yearly' ? priceCents(plan, 'monthly', seats) * 12 - total : 0;
  return { total, saving: Math.max(0, saving) };
}

export function yearlyDiscountPercent(plan: TSubscriptionPlan): number {
  const twelve = plan.priceMonthlyCents * 12;
  return twelve > 0 ? Math.round((1 - plan.priceYearlyCents / twelve) * 100) : 0;
}
