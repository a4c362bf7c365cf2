import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { moment, timestamps } from './columns';

/** A person's getting-started checklist on Home: what the data cannot tell, and its dismissal. */
export const homeChecklists = pgTable('home_checklists', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dismissedAt: moment('dismissed_at'),
  /** When they last imported a file into a database: imports leave no other trace. */
  databaseImportedAt: moment('database_imported_at'),
  ...timestamps(),
});
