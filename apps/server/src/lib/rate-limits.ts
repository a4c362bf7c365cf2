import { eq, lt, sql } from 'drizzle-orm';
import type { TDb } from '../db/database';
import { rateLimits } from '../db/schema/index';

/** Hits of a key in its current window, and how long until that window ends. */
export type TRateCount = { hits: number; resetInMs: number };

// Rows of windows that ended are deleted at most this often, by whichever server counts next.
const PURGE_INTERVAL_MS = 60_000;

const resetInMs = sql<number>`greatest(0, floor(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::int`;

/**
 * Fixed-window counters kept in the database, so every server on it counts the same hits.
 * A hit is one atomic upsert: it starts a new window when the key's last one has ended.
 * Times come from the database's clock, so servers with skewed clocks agree.
 */
export function createRateLimits(db: TDb) {
  let purgedAt = 0;

  async function purgeExpired() {
    if (Date.now() - purgedAt < PURGE_INTERVAL_MS) return;
    purgedAt = Date.now();
    await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
  }

  return {
    /** Counts one hit of `key` in a window of `windowMs`. */
    async hit(key: string, windowMs: number): Promise<TRateCount> {
      await purgeExpired();
      const ended = sql`${rateLimits.resetAt} <= now()`;
      const [row] = await db
        .insert(rateLimits)
        .values({
          key,
          hits: 1,
          resetAt: sql`now() + ${Math.round(windowMs)}::integer * interval '1 millisecond'`,
        })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits, resetInMs });
      return row!;
    },

    /** The hits of `key` in its current window, without counting one. */
    async read(key: string): Promise<TRateCount> {
      const [row] = await db
        .select({ hits: rateLimits.hits, resetInMs })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
      return row ?? { hits: 0, resetInMs: 0 };
    },

    /** Forgets the hits of `key`, e.g. an account's failed sign-ins once one succeeds. */
    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

export type TRateLimits = ReturnType<typeof createRateLimits>;
