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

export const billingPeriods = ['monthly', 'yearly'] as const;
export const ZBillingPeriod = z.enum(billingPeriods, { error: 'Period must be monthly or yearly' });
export const MAX_SEATS = 1000;

export const ZSubscription = withStamps({
  userId: ZId,
  planId: ZId,
  seats: z.number(),
  period: ZBillingPeriod,
  status: z.enum(['active', 'cancelled']),
  currentPeriodEnd: ZTimestamp,
  cancelledAt: ZTimestamp.nullable(),
});
export type TSubscription = z.infer<typeof ZSubscription>;
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
export const ZSubscriptionUpdate = z.object({
  seats: ZSeats.optional(),
  period: ZBillingPeriod.optional(),
  status: z.literal('cancelled', { error: 'Status can only be set to cancelled' }).optional(),
});
export const ZSubscriptionListQuery = zListQuery(['createdAt', 'currentPeriodEnd'], {
  status: z.enum(['active', 'cancelled']).optional(),
  planId: ZId.optional(),
});
