import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { moment } from './columns';

/**
 * Rate-limit counters, shared by every server on the database: hits of one key (a client
 * address and route, an account's failed sign-ins) within a window that ends at `resetAt`.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: moment('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
