import type { TLoginBody, TRegisterBody, TUser } from '@flowsmith/shared';
import { AppError } from '../../lib/app-error';
import type { TMailer } from '../../lib/mailer';
import { createOpaqueToken, hashToken } from '../../lib/tokens';
import type { TAuthRepo, TUserRow } from './auth.repo';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { verificationMail } from './verification-mail';

const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// A session's expiry slides forward at most this often, to spare a write per request.
const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export function toUser(row: TUserRow): TUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isAdmin: row.isAdmin,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

type TAuthServiceDeps = {
  repo: TAuthRepo;
  mailer: TMailer;
  publicUrl: string;
  now?: () => Date;
};

export function createAuthService({
  repo,
  mailer,
  publicUrl,
  now = () => new Date(),
}: TAuthServiceDeps) {
  async function sendVerification(user: TUserRow): Promise<void> {
    const token = createOpaqueToken();
    await repo.insertVerificationToken(
      user.id,
      hashToken(token),
      new Date(now().getTime() + VERIFICATION_TTL_MS),
    );
    const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await mailer.send(verificationMail(user.email, user.name, link));
  }

  return {
    async register(body: TRegisterBody): Promise<TUser> {
      const passwordHash = await hashPassword(body.password);
      const row = await repo.insertUser({ email: body.email, name: body.name, passwordHash });
      if (!row) {
        throw new AppError('conflict', 'An account with this e-mail already exists', [
          { field: 'email', message: 'An account with this e-mail already exists' },
        ]);
      }
      await sendVerification(row);
      return toUser(row);
    },

    async verifyEmail(token: string): Promise<TUser> {
      const consumed = await repo.consumeVerificationToken(hashToken(token), now());
      if (!consumed) {
        throw AppError.validation('token', 'This verification link is invalid, used or expired');
      }
      return toUser(await repo.markEmailVerified(consumed.userId));
    },

    /** Sends a fresh link to an unverified account; says nothing about whether one exists. */
    async resendVerification(email: string): Promise<void> {
      const row = await repo.findUserByEmail(email);
      if (row && row.emailVerifiedAt === null) await sendVerification(row);
    },

    async login(
      body: TLoginBody,
      client: { userAgent: string | undefined; ip: string },
    ): Promise<{ user: TUser; sessionToken: string }> {
      const row = await repo.findUserByEmail(body.email);
      const valid = row
        ? await verifyPassword(row.passwordHash, body.password)
        : await verifyAgainstDummy(body.password);
      if (!row || !valid) throw new AppError('invalid_credentials', 'Wrong e-mail or password');
      if (row.emailVerifiedAt === null) {
        throw new AppError('email_not_verified', 'Verify your e-mail address before signing in');
      }
      const sessionToken = createOpaqueToken();
      await repo.insertSession({
        userId: row.id,
        tokenHash: hashToken(sessionToken),
        userAgent: client.userAgent?.slice(0, 500),
        ip: client.ip,
        expiresAt: new Date(now().getTime() + SESSION_TTL_MS),
      });
      return { user: toUser(row), sessionToken };
    },

    async logout(sessionToken: string): Promise<void> {
      await repo.revokeSession(hashToken(sessionToken));
    },

    async userForSession(sessionToken: string): Promise<TUser | undefined> {
      const at = now();
      const found = await repo.findActiveSession(hashToken(sessionToken), at);
      if (!found || found.user.emailVerifiedAt === null) return undefined;
      if (at.getTime() - found.session.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
        await repo.touchSession(found.session.id, at, new Date(at.getTime() + SESSION_TTL_MS));
      }
      return toUser(found.user);
    },

    async userForApiKey(key: string): Promise<TUser | undefined> {
      const at = now();
      const found = await repo.findActiveApiKey(hashToken(key), at);
      if (!found || found.user.emailVerifiedAt === null) return undefined;
      await repo.touchApiKey(found.apiKey.id, at);
      return toUser(found.user);
    },

    async userById(id: string): Promise<TUser | undefined> {
      const row = await repo.findUserById(id);
      return row && row.emailVerifiedAt !== null ? toUser(row) : undefined;
    },
  };
}

export type TAuthService = ReturnType<typeof createAuthService>;
