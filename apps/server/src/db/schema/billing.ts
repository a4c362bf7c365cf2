import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { billingPeriods } from '@flowsmith/shared';
import { userRef, userRow } from './auth';
import { projects } from './projects';
import { createdAt, id, indexesOn, moment, ownerRef, timestamps } from './columns';

export const subscriptionPlans = pgTable('subscription_plans', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceMonthlyCents: integer('price_monthly_cents').notNull().default(0),
  priceYearlyCents: integer('price_yearly_cents').notNull().default(0),
  requestsPerMonth: integer('requests_per_month').notNull(),
  maxProjects: integer('max_projects').notNull(),
  maxMembers: integer('max_members').notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    ...userRow(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    seats: integer('seats').notNull().default(1),
    period: text('period', { enum: billingPeriods }).notNull(),
    // `pending` until the payment provider confirms the purchase.
    status: text('status', { enum: ['pending', 'active', 'cancelled'] })
      .notNull()
      .default('active'),
    currentPeriodStart: moment('current_period_start').notNull().defaultNow(),
    currentPeriodEnd: moment('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelledAt: moment('cancelled_at'),
    provider: text('provider', { enum: ['local', 'stripe'] })
      .notNull()
      .default('local'),
    /** The provider's id of the purchase (Stripe: the subscription, else the checkout session). */
    providerRef: text('provider_ref'),
    ...timestamps(),
  },
  (t) => indexesOn('subscriptions', t.userId, t.planId),
);

export const invoices = pgTable(
  'invoices',
  {
    ...userRow(),
    subscriptionId: ownerRef('subscription_id', () => subscriptions.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    seats: integer('seats').notNull(),
    period: text('period', { enum: billingPeriods }).notNull(),
    periodStart: moment('period_start').notNull(),
    periodEnd: moment('period_end').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['paid', 'open', 'void'] }).notNull(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerRef: text('provider_ref').unique(),
    ...timestamps(),
  },
  (t) => [
    index('invoices_user_created_idx').on(t.userId, t.createdAt),
    ...indexesOn('invoices', t.subscriptionId, t.planId),
  ],
);

/** Model requests counted per plan holder and month; the row is the lock that keeps it exact. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: userRef(),
    periodStart: moment('period_start').notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodStart] })],
);

/** Payment-provider events already applied, so a redelivered event changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/** A project's monthly cost cap, beyond the plan's quotas. */
export const projectBudgets = pgTable('project_budgets', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  monthlyCapCents: integer('monthly_cap_cents').notNull(),
  /** The month whose 80 % notice went out, so it goes out once. */
  warnedPeriod: moment('warned_period'),
  ...timestamps(),
});
