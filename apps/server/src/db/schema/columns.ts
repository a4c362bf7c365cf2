import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
/** A moment in time, with its zone. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => moment('created_at').notNull().defaultNow();
export const updatedAt = () =>
  moment('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** The row this one belongs to: required, and removed with it. */
export const ownerRef = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });
