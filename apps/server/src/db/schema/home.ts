import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, updatedAt } from './columns';

/** A person's getting-started checklist on Home: what the data cannot tell, and its dismissal. */
export const homeChecklists = pgTable('home_checklists', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  /** When they last imported a file into a database: imports leave no other trace. */
  databaseImportedAt: timestamp('database_imported_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
