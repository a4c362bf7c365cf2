import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { inTransaction, type TDb } from '../../db/database';
import {
  accountTokens,
  projects,
  projectUsers,
  sessions,
  userAvatars,
  users,
} from '../../db/schema/index';
import { useToken } from '../auth/auth.repo';
import { anotherAdminExists, selfAndCoMembers } from '../users/users.repo';

type TTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

export type TAccountRepo = ReturnType<typeof accountQueries> & {
  /** Runs `work` in one transaction, with the repo bound to it. */
  transaction<T>(work: (repo: TAccountRepo) => Promise<T>): Promise<T>;
};

/** A project the account owns with nobody else as owner, and its editors, longest-standing first. */
export type TSoleOwnedProject = { id: string; name: string; editorIds: string[] };

export function createAccountRepo(db: TDb): TAccountRepo {
  return {
    ...accountQueries(db),
    transaction: (work) => inTransaction(db, (tx) => work(createAccountRepo(tx))),
  };
}

function accountQueries(db: TDb) {
  return {
    insertToken: (values: typeof accountTokens.$inferInsert) =>
      db.insert(accountTokens).values(values),

    /** Marks an unused, unexpired token used and returns it, in one statement. */
    consumeToken: (purpose: TTokenPurpose, tokenHash: string, now: Date) =>
      useToken(db, accountTokens, tokenHash, now, eq(accountTokens.purpose, purpose)),

    /** Holds the user's row until the transaction ends, so their links are issued one at a time. */
    lockUser: (id: string) =>
      db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update'),

    /** Earlier links of the same kind stop working when a new one is sent or one is used. */
    retireTokens: (userId: string, purpose: TTokenPurpose, now: Date) =>
      db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
          ),
        ),

    updateUser: async (id: string, values: Partial<typeof users.$inferInsert>) =>
      (await db.update(users).set(values).where(eq(users.id, id)).returning())[0],

    /** Sets a new address unless another account has taken it meanwhile (then undefined). */
    changeEmail: async (id: string, email: string) =>
      (
        await db
          .update(users)
          .set({ email })
          .where(
            and(
              eq(users.id, id),
              sql`not exists (select 1 from ${users} other where other.email = ${email} and other.id <> ${id})`,
            ),
          )
          .returning()
      )[0],

    activeSessions: (userId: string, now: Date) =>
      db
        .select()
        .from(sessions)
        .where(
          and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
        )
        .orderBy(desc(sessions.lastUsedAt)),

    /** Revokes one of the user's sessions; false when the id is not an active session of theirs. */
    revokeSession: async (userId: string, id: string, now: Date) =>
      (
        await db
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id })
      ).length > 0,

    /** Revokes every session of the user but the one whose hash is `keepHash`. */
    revokeOtherSessions: (userId: string, keepHash: string | undefined, now: Date) =>
      db
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepHash ? ne(sessions.tokenHash, keepHash) : undefined,
          ),
        ),

    async soleOwnedProjects(userId: string): Promise<TSoleOwnedProject[]> {
      const owned = await db
        .select({ id: projects.id, name: projects.name })
        .from(projectUsers)
        .innerJoin(projects, eq(projects.id, projectUsers.projectId))
        .where(
          and(
            eq(projectUsers.userId, userId),
            eq(projectUsers.role, 'owner'),
            sql`not exists (select 1 from ${projectUsers} other where other.project_id = ${projectUsers.projectId} and other.role = 'owner' and other.user_id <> ${userId})`,
          ),
        )
        .orderBy(asc(projects.name));
      if (owned.length === 0) return [];
      const editors = await db
        .select({ projectId: projectUsers.projectId, userId: projectUsers.userId })
        .from(projectUsers)
        .where(
          and(
            inArray(
              projectUsers.projectId,
              owned.map((p) => p.id),
            ),
            eq(projectUsers.role, 'editor'),
          ),
        )
        .orderBy(asc(projectUsers.createdAt), asc(projectUsers.id));
      return owned.map((project) => ({
        ...project,
        editorIds: editors.filter((e) => e.projectId === project.id).map((e) => e.userId),
      }));
    },

    promoteToOwner: (projectId: string, userId: string) =>
      db
        .update(projectUsers)
        .set({ role: 'owner' })
        .where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId))),

    deleteProjects: (ids: string[]) =>
      ids.length ? db.delete(projects).where(inArray(projects.id, ids)) : Promise.resolve(),

    /** Sets (bytes) or removes (null) the picture, with the name that versions its URL. */
    async setAvatar(userId: string, picture: { name: string; content: Uint8Array } | null) {
      if (picture) {
        await db
          .insert(userAvatars)
          .values({ userId, content: picture.content })
          .onConflictDoUpdate({ target: userAvatars.userId, set: { content: picture.content } });
      } else {
        await db.delete(userAvatars).where(eq(userAvatars.userId, userId));
      }
      return (
        await db
          .update(users)
          .set({ avatarFile: picture?.name ?? null })
          .where(eq(users.id, userId))
          .returning()
      )[0];
    },

    /** A person's picture, if the viewer may see them (themselves or a co-member; the admin). */
    visibleAvatar: async (viewer: { id: string; isAdmin: boolean }, userId: string) =>
      (
        await db
          .select({ name: users.avatarFile, content: userAvatars.content })
          .from(users)
          .innerJoin(userAvatars, eq(userAvatars.userId, users.id))
          .where(
            and(eq(users.id, userId), viewer.isAdmin ? undefined : selfAndCoMembers(db, viewer.id)),
          )
          .limit(1)
      )[0],

    anotherAdminExists: (exceptId: string) => anotherAdminExists(db, exceptId),

    /** Memberships, sessions, keys and tokens cascade; runs and logs keep no user. */
    deleteUser: (id: string) => db.delete(users).where(eq(users.id, id)),

    namesOf: async (ids: string[]) =>
      new Map(
        ids.length
          ? (
              await db
                .select({ id: users.id, name: users.name })
                .from(users)
                .where(inArray(users.id, ids))
            ).map((row) => [row.id, row.name])
          : [],
      ),
  };
}
