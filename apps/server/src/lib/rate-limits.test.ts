import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema/index';
import { openTestDatabase, testDatabaseKinds } from '../test/test-databases';
import { createRateLimits } from './rate-limits';

describe.each(testDatabaseKinds)('rate-limit counters on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('counts hits in a window, starts a new one when it ends, and forgets on reset', async () => {
    const limits = createRateLimits(database.db);
    const first = await limits.hit('k', 60_000);
    expect(first.hits).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(59_000);
    expect((await limits.hit('k', 60_000)).hits).toBe(2);
    expect((await limits.read('k')).hits).toBe(2);
    await limits.reset('k');
    expect(await limits.read('k')).toEqual({ hits: 0, resetInMs: 0 });

    await limits.hit('ended', 60_000);
    await database.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimits.key} = 'ended'`);
    expect((await limits.read('ended')).hits).toBe(0);
    expect((await limits.hit('ended', 60_000)).hits).toBe(1);
  });

  it('counts every one of many simultaneous hits', async () => {
    const limits = createRateLimits(database.db);
    const counts = await Promise.all(Array.from({ length: 20 }, () => limits.hit('busy', 60_000)));
    expect(counts.map((c) => c.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('deletes the rows of windows that have ended', async () => {
    await database.db.insert(rateLimits).values({
      key: 'long gone',
      hits: 3,
      resetAt: sql`now() - interval '1 hour'`,
    });
    // A new set of counters purges on its first hit.
    await createRateLimits(database.db).hit('fresh', 60_000);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map(
      (row) => row.key,
    );
    expect(keys).not.toContain('long gone');
    expect(keys).toContain('fresh');
  });
});
