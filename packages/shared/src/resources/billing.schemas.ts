import { z } from 'zod';
import { ZCode } from './catalog.schemas';
import {
  ZId,
  ZTimestamp,
  withStamps,
  zBooleanFilter,
  zListQuery,
  zName,
  zText,
  zPatch,
} from './common';

const ZCents = z
  .number({ error: 'Must be a number' })
  .int('Must be whole cents')
  .min(0)
  .max(100_000_000);
const ZQuota = z
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .min(0)
  .max(1_000_000_000);

export const ZSubscriptionPlan = withStamps({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  priceMonthlyCents: z.number(),
  priceYearlyCents: z.number(),
  requestsPerMonth: z.number(),
  maxProjects: z.number(),
  maxMembers: z.number(),
  active: z.boolean(),
  sortOrder: z.number(),
});
export type TSubscriptionPlan = z.infer<typeof ZSubscriptionPlan>;
export const ZSubscriptionPlanCreate = z.object({
  code: ZCode,
  name: zName('Name', 100),
  description: zText('Description', 2000).default(''),
  priceMonthlyCents: ZCents,
  priceYearlyCents: ZCents,
  requestsPerMonth: ZQuota,
  maxProjects: ZQuota,
  maxMembers: ZQuota,
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export const ZSubscriptionPlanUpdate = zPatch(ZSubscriptionPlanCreate.omit({ code: true }));
export const ZSubscriptionPlanListQuery = zListQuery(['sortOrder', 'name', 'priceMonthlyCents'], {
  active: zBooleanFilter.optional(),
});

/** The generic resource `subscription_plans`: its row, the bodies it takes and its list query. */
export const subscriptionPlanSchemas = {
  row: ZSubscriptionPlan,
  create: ZSubscriptionPlanCreate,
  update: ZSubscriptionPlanUpdate,
  listQuery: ZSubscriptionPlanListQuery,
};

export const billingPeriods = ['monthly', 'yearly'] as const;
export const ZBillingPeriod = z.enum(billingPeriods, { error: 'Period must be monthly or yearly' });
export const MAX_SEATS = 1000;

export const subscriptionStatuses = ['pending', 'active', 'cancelled'] as const;

export const ZSubscription = withStamps({
  userId: ZId,
  planId: ZId,
  seats: z.number(),
  period: ZBillingPeriod,
  status: z.enum(subscriptionStatuses),
  currentPeriodStart: ZTimestamp,
  currentPeriodEnd: ZTimestamp,
  cancelAtPeriodEnd: z.boolean(),
  cancelledAt: ZTimestamp.nullable(),
  provider: z.enum(['local', 'stripe']),
});
export type TSubscription = z.infer<typeof ZSubscription>;
/** A purchase: active at once (local payments), or pending until paid at `checkoutUrl`. */
export const ZSubscriptionCreated = ZSubscription.extend({ checkoutUrl: z.string().nullable() });
export type TSubscriptionCreated = z.infer<typeof ZSubscriptionCreated>;
const ZSeats = z
  .number({ error: 'Seats must be a number' })
  .int('Seats must be a whole number')
  .min(1, 'At least 1 seat')
  .max(MAX_SEATS, `At most ${MAX_SEATS} seats`);
export const ZSubscriptionCreate = z.object({
  planId: ZId,
  seats: ZSeats.default(1),
  period: ZBillingPeriod,
});
export type TSubscriptionCreate = z.input<typeof ZSubscriptionCreate>;
/** Seats and period change with a new purchase (so are refused here); this only ends one. */
export const ZSubscriptionUpdate = z.strictObject({
  cancelAtPeriodEnd: z.boolean({ error: 'Must be true or false' }).optional(),
  status: z.literal('cancelled', { error: 'Status can only be set to cancelled' }).optional(),
});
export const ZSubscriptionListQuery = zListQuery(['createdAt', 'currentPeriodEnd'], {
  status: z.enum(subscriptionStatuses).optional(),
  planId: ZId.optional(),
});

/** The price of `seats` seats of a plan for one billing period, in cents. */
export function priceCents(
  plan: { priceMonthlyCents: number; priceYearlyCents: number },
  period: TBillingPeriod,
  seats: number,
): number {
  return (period === 'yearly' ? plan.priceYearlyCents : plan.priceMonthlyCents) * seats;
}
export type TBillingPeriod = z.infer<typeof ZBillingPeriod>;

export const ZInvoice = withStamps({
  userId: ZId,
  subscriptionId: ZId,
  planId: ZId,
  seats: z.number(),
  period: ZBillingPeriod,
  periodStart: ZTimestamp,
  periodEnd: ZTimestamp,
  amountCents: z.number(),
  currency: z.string(),
  status: z.enum(['paid', 'open', 'void']),
  provider: z.enum(['local', 'stripe']),
});
export type TInvoice = z.infer<typeof ZInvoice>;
export const ZInvoiceListQuery = zListQuery(['createdAt', 'amountCents'], {
  subscriptionId: ZId.optional(),
});

/** The quotas a plan sets, by the names a 402 `quota_exceeded` uses. */
export const quotaNames = [
  'requestsPerMonth',
  'maxProjects',
  'maxMembers',
  'projectBudget',
] as const;
export type TQuotaName = (typeof quotaNames)[number];
/** What the caller is entitled to and what they used this period. */
export const ZBillingOverview = z.object({
  plan: ZSubscriptionPlan,
  subscription: ZSubscription.nullable(),
  periodStart: ZTimestamp,
  resetsAt: ZTimestamp,
  usage: z.object({
    requests: z.number(),
    projects: z.number(),
    /** Members of the caller's largest owned project. */
    members: z.number(),
    /** US dollars spent on model calls in the caller's projects this period. */
    cost: z.number(),
  }),
  paymentProvider: z.enum(['local', 'stripe']),
});
export type TBillingOverview = z.infer<typeof ZBillingOverview>;

export const ZProjectBudget = z.object({
  projectId: ZId,
  monthlyCapCents: z.number().nullable(),
  spentCents: z.number(),
  periodStart: ZTimestamp,
  resetsAt: ZTimestamp,
});
export type TProjectBudget = z.infer<typeof ZProjectBudget>;
export const ZProjectBudgetUpdate = z.object({
  monthlyCapCents: z
    .number({ error: 'Must be a number of cents' })
    .int('Must be whole cents')
    .min(1, 'At least 1 cent')
    .max(100_000_000, 'At most $1,000,000')
    .nullable(),
});
export type TProjectBudgetUpdate = z.infer<typeof ZProjectBudgetUpdate>;

/** The generic resource `subscriptions`: its row, the bodies it takes and its list query. */
export const subscriptionSchemas = {
  row: ZSubscription,
  create: ZSubscriptionCreate,
  update: ZSubscriptionUpdate,
  listQuery: ZSubscriptionListQuery,
  created: ZSubscriptionCreated,
};
