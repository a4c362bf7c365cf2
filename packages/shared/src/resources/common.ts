import { z } from 'zod';

export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 20;

export const ZId = z.guid({ error: 'Must be an id (UUID)' });
export const ZTimestamp = z.string();

/**
 * The message of a required text field that is not text: missing (or null) and sent as something
 * else, a number say, are told apart, so an API caller is not told that what they sent is missing.
 */
export const requiredText = (label: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null
      ? `${label} is required`
      : `${label} must be text`,
});

export const zName = (label = 'Name', max = 200) =>
  z
    .string(requiredText(label))
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const zText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`);

/** A sort key: a sortable field, or `-field` for descending. */
export function zSort<const T extends readonly [string, ...string[]]>(fields: T) {
  const allowed = fields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return z.enum(allowed, {
    error: `Sort by one of: ${fields.join(', ')} (prefix - for descending)`,
  });
}

/** The query of every list: paging and sorting, plus the resource's own filters. */
export function zListQuery<const T extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortable: T,
  filters: F,
) {
  return z.object({
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(1, 'Page starts at 1')
      .max(1_000_000, 'Page is too large')
      .default(1),
    pageSize: z.coerce
      .number({ error: 'Page size must be a number' })
      .int('Page size must be a whole number')
      .min(1, 'Page size must be at least 1')
      .max(MAX_PAGE_SIZE, `Page size must be at most ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
    sort: zSort(sortable).optional(),
    search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
    ...filters,
  });
}

export function zPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export type TPage<T> = { items: T[]; total: number; page: number; pageSize: number };

export const ZIdParams = z.object({ id: ZId });

/** Filters arrive as strings; `true`/`false` become booleans. */
export const zBooleanFilter = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .transform((value) => value === 'true');

const stamps = { createdAt: ZTimestamp, updatedAt: ZTimestamp };
export const withStamps = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ id: ZId, ...shape, ...stamps });

type TWithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
type TPatchShape<T extends z.ZodRawShape> = {
  [K in keyof T]: z.ZodOptional<TWithoutDefault<T[K]>>;
};

/**
 * The body of an update: every field of the create body, optional and without its default, so
 * a field left out of a PUT keeps its stored value instead of being reset.
 */
export function zPatch<T extends z.ZodRawShape>(
  create: z.ZodObject<T>,
): z.ZodObject<TPatchShape<T>> {
  const shape = Object.fromEntries(
    Object.entries(create.shape).map(([key, field]) => {
      const inner =
        field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
      return [key, inner.optional()];
    }),
  );
  return z.object(shape) as unknown as z.ZodObject<TPatchShape<T>>;
}
