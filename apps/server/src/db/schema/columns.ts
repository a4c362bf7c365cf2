import { sql } from 'drizzle-orm';
import {
  index,
  jsonb,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
/** A moment in time, with its zone. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => moment('created_at').notNull().defaultNow();
export const updatedAt = () =>
  moment('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** A row's type by its key in a type table (a code or a kind); renaming the key renames it. */
export const typeRef = (target: () => AnyPgColumn) =>
  text('type').notNull().references(target, { onUpdate: 'cascade' });
/** The row this one belongs to: required, and removed with it. */
export const ownerRef = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });
/** `created_at` and `updated_at`, kept by every table whose rows change. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/** An index on each column for looking rows up by it, named `<table>_<column>_idx`. */
export const indexesOn = (table: string, ...columns: ExtraConfigColumn[]) =>
  columns.map((column) => index(`${table}_${column.name}_idx`).on(column));
/** A JSON array, empty until something is put in it. */
export const jsonList = <T>(name: string) =>
  jsonb(name)
    .$type<T[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);
