import { sql } from 'drizzle-orm';
import { jsonb, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

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
/** `created_at` and `updated_at`, kept by every table whose rows change. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/** A JSON array, empty until something is put in it. */
export const jsonList = <T>(name: string) =>
  jsonb(name)
    .$type<T[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);
