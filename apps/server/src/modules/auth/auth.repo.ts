import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { preparedStatement } from '../../db/prepared';
import type { accountTokens } from '../../db/schema/index';
import { apiKeys, emailVerificationTokens, sessions, users } from '../../db/schema/index';

export type TUserRow = typeof users.$inferSelect;

// Every request signed in with the cookie reads it.
const activeSessionStatement = preparedStatement((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('active_session'),
);

// Every call made with an API key reads it.
const activeApiKeyStatement = preparedStatement((db) =>
  db
    .select({ apiKey: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), isNull(apiKeys.revokedAt)))
    .limit(1)
    .prepare('active_api_key'),
);

/**
 * Marks an unused, unexpired single-use token used and returns its row, in one statement, so a
 * link works once however often it is followed; `also` narrows which tokens count.
 */
export async function useToken<T extends typeof emailVerificationTokens | typeof accountTokens>(
  db: TDb,
  table: T,
  tokenHash: string,
  now: Date,
  also?: SQL,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .update(table as typeof emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(eq(table.tokenHash, tokenHash), also, isNull(table.usedAt), gt(table.expiresAt, now)),
    )
    .returning();
  return row;
}

export function createAuthRepo(db: TDb) {
  return {
    findUserByEmail: async (email: string) =>
      (await db.select().from(users).where(eq(users.email, email)).limit(1))[0],

    findUserById: async (id: string) =>
      (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],

    /** Inserts the user; the first user of the instance becomes its admin. */
    insertUser: async (values: { email: string; name: string; passwordHash: string }) =>
      (
        await db
          .insert(users)
          .values({ ...values, isAdmin: sql`not exists (select 1 from ${users})` })
          .onConflictDoNothing({ target: users.email })
          .returning()
      )[0],

    markEmailVerified: async (userId: string) =>
      (
        await db
          .update(users)
          .set({ emailVerifiedAt: new Date() })
          .where(eq(users.id, userId))
          .returning()
      )[0]!,

    insertVerificationToken: (userId: string, tokenHash: string, expiresAt: Date) =>
      db.insert(emailVerificationTokens).values({ userId, tokenHash, expiresAt }),

    /** Marks an unused, unexpired token used and returns it, in one statement. */
    consumeVerificationToken: (tokenHash: string, now: Date) =>
      useToken(db, emailVerificationTokens, tokenHash, now),

    insertSession: (values: typeof sessions.$inferInsert) => db.insert(sessions).values(values),

    findActiveSession: async (tokenHash: string, now: Date) =>
      (await activeSessionStatement(db).execute({ tokenHash, now }))[0],

    touchSession: (id: string, now: Date, expiresAt: Date) =>
      db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, id)),

    revokeSession: async (tokenHash: string) =>
      (
        await db
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id })
      )[0]?.id,

    isSessionActive: async (id: string, now: Date) =>
      (
        await db
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
          .limit(1)
      ).length > 0,

    findActiveApiKey: async (keyHash: string, now: Date) =>
      (await activeApiKeyStatement(db).execute({ keyHash })).filter(
        (row) => !row.apiKey.expiresAt || row.apiKey.expiresAt > now,
      )[0],

    touchApiKey: (id: string, now: Date) =>
      db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id)),
  };
}

export type TAuthRepo = ReturnType<typeof createAuthRepo>;
