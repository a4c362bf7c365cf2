import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { billingPeriods } from '@flowsmith/shared';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';

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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    seats: integer('seats').notNull().default(1),
    period: text('period', { enum: billingPeriods }).notNull(),
    status: text('status', { enum: ['active', 'cancelled'] })
      .notNull()
      .default('active'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_id_idx').on(t.userId),
    index('subscriptions_plan_id_idx').on(t.planId),
  ],
);
