import { randomUUID } from 'node:crypto';
import type { TLoginBody, TRegisterBody, TUser } from '@flowsmith/shared';
import { AppError } from '../../lib/app-error';
import type { TBackground } from '../../lib/background';
import type { TDeviceTokens } from '../../lib/device-tokens';
import type { TMailer } from '../../lib/mailer';
import { createOpaqueToken, hashToken } from '../../lib/tokens';
import type { TAuthRepo, TUserRow } from './auth.repo';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import type { TSignInThrottle } from './sign-in-throttle';
import { existingAccountMail, verificationMail } from './verification-mail';

const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// A session's expiry slides forward at most this often, to spare a write per request.
const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;
// An API key's last use is shown to the minute; a key called many times a second writes once.
const API_KEY_TOUCH_INTERVAL_MS = 60 * 1000;

export function toUser(row: TUserRow): TUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isAdmin: row.isAdmin,
    emailVerified: row.emailVerifiedAt !== null,
    // The file's own name in the query: a new picture is a new URL, so caches never go stale.
    avatarUrl: row.avatarFile
      ? `/api/users/${row.id}/avatar?v=${encodeURIComponent(row.avatarFile)}`
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

type TAuthServiceDeps = {
  repo: TAuthRepo;
  mailer: TMailer;
  publicUrl: string;
  /** Mail goes out after the answer, so its timing tells nothing about the address. */
  background: TBackground;
  throttle: TSignInThrottle;
  devices: TDeviceTokens;
  now?: () => Date;
};

export function createAuthService({
  repo,
  mailer,
  publicUrl,
  background,
  throttle,
  devices,
  now = () => new Date(),
}: TAuthServiceDeps) {
  async function newVerificationLink(user: TUserRow) {
    const token = createOpaqueToken();
    await repo.insertVerificationToken(
      user.id,
      hashToken(token),
      new Date(now().getTime() + VERIFICATION_TTL_MS),
    );
    return { token, link: `${publicUrl}/verify-email?token=${encodeURIComponent(token)}` };
  }

  async function sendVerification(user: TUserRow): Promise<void> {
    const { token, link } = await newVerificationLink(user);
    await mailer.send(verificationMail(user.email, user.name, link, token));
  }

  /** Someone signed up with a taken address: its owner hears of it (with a fresh link if unverified). */
  async function warnOwner(email: string): Promise<void> {
    const owner = await repo.findUserByEmail(email);
    if (!owner) return;
    const verification =
      owner.emailVerifiedAt === null ? await newVerificationLink(owner) : undefined;
    await mailer.send(
      existingAccountMail(owner.email, owner.name, `${publicUrl}/login`, verification),
    );
  }

  return {
    /**
     * A taken address is answered exactly as a new one (with an account that is not stored),
     * so sign-up tells nobody which addresses have accounts; the owner is mailed instead.
     */
    async register(body: TRegisterBody): Promise<TUser> {
      const passwordHash = await hashPassword(body.password);
      const row = await repo.insertUser({ email: body.email, name: body.name, passwordHash });
      if (row) {
        background.run('sending a verification mail', () => sendVerification(row));
        return toUser(row);
      }
      background.run('warning the owner of a taken address', () => warnOwner(body.email));
      return {
        id: randomUUID(),
        email: body.email,
        name: body.name,
        isAdmin: false,
        emailVerified: false,
        avatarUrl: null,
        createdAt: now().toISOString(),
      };
    },

    async verifyEmail(token: string): Promise<TUser> {
      const consumed = await repo.consumeVerificationToken(hashToken(token), now());
      if (!consumed) {
        throw AppError.validation('token', 'This verification link is invalid, used or expired');
      }
      return toUser(await repo.markEmailVerified(consumed.userId));
    },

    /**
     * Sends a fresh link to an unverified account, after the answer: unknown, verified and
     * unverified addresses are answered alike and at once.
     */
    resendVerification(email: string): void {
      background.run('resending a verification mail', async () => {
        const row = await repo.findUserByEmail(email);
        if (row && row.emailVerifiedAt === null) await sendVerification(row);
      });
    },

    /**
     * Signs in, counting the attempt against the account (or, from a browser that has signed
     * in to it before, against that browser); the answer carries a device token to keep.
     */
    async login(
      body: TLoginBody,
      client: { userAgent: string | undefined; ip: string; deviceToken: string | undefined },
    ): Promise<{ user: TUser; sessionToken: string; sessionId: string; deviceToken: string }> {
      const row = await repo.findUserByEmail(body.email);
      const device = row ? devices.deviceOf(client.deviceToken, row.id) : undefined;
      await throttle.attempt(body.email, device);
      const valid = row
        ? await verifyPassword(row.passwordHash, body.password)
        : await verifyAgainstDummy(body.password);
      if (!row || !valid) throw new AppError('invalid_credentials', 'Wrong e-mail or password');
      await throttle.succeeded(body.email, device);
      if (row.emailVerifiedAt === null) {
        throw new AppError('email_not_verified', 'Verify your e-mail address before signing in');
      }
      const sessionToken = createOpaqueToken();
      const sessionId = randomUUID();
      await repo.insertSession({
        id: sessionId,
        userId: row.id,
        tokenHash: hashToken(sessionToken),
        userAgent: client.userAgent?.slice(0, 500),
        ip: client.ip,
        expiresAt: new Date(now().getTime() + SESSION_TTL_MS),
      });
      const deviceToken = device ? client.deviceToken! : devices.issue(row.id);
      return { user: toUser(row), sessionToken, sessionId, deviceToken };
    },

    /** Ends a session; resolves with its id when it was still open. */
    logout(sessionToken: string): Promise<string | undefined> {
      return repo.revokeSession(hashToken(sessionToken));
    },

    async userForSession(
      sessionToken: string,
    ): Promise<{ user: TUser; sessionId: string } | undefined> {
      const at = now();
      const found = await repo.findActiveSession(hashToken(sessionToken), at);
      if (!found || found.user.emailVerifiedAt === null) return undefined;
      if (at.getTime() - found.session.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
        await repo.touchSession(found.session.id, at, new Date(at.getTime() + SESSION_TTL_MS));
      }
      return { user: toUser(found.user), sessionId: found.session.id };
    },

    isSessionActive: (sessionId: string) => repo.isSessionActive(sessionId, now()),

    async userForApiKey(key: string): Promise<TUser | undefined> {
      const at = now();
      const found = await repo.findActiveApiKey(hashToken(key), at);
      if (!found || found.user.emailVerifiedAt === null) return undefined;
      const last = found.apiKey.lastUsedAt?.getTime();
      if (last === undefined || at.getTime() - last >= API_KEY_TOUCH_INTERVAL_MS)
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
