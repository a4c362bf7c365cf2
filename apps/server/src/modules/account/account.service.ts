import type {
  TAccountDeletionPlan,
  TChangeEmailBody,
  TChangePasswordBody,
  TDeleteAccountBody,
  TResetPasswordBody,
  TSession,
  TUser,
} from '@flowsmith/shared';
import { AppError } from '../../lib/app-error';
import type { TBackground } from '../../lib/background';
import type { TMailer } from '../../lib/mailer';
import { mediaTypeOf, newFileName } from '../files/file-store';
import type { TRateLimits } from '../../lib/rate-limits';
import { createOpaqueToken, hashToken } from '../../lib/tokens';
import { toUser } from '../auth/auth.service';
import type { TAuthRepo, TUserRow } from '../auth/auth.repo';
import { hashPassword, verifyPassword } from '../auth/password';
import {
  emailChangedMail,
  emailChangeMail,
  passwordChangedMail,
  passwordResetMail,
} from './account-mail';
import type { TAccountRepo, TSoleOwnedProject } from './account.repo';
import { checkAvatar } from './avatar';

const RESET_TTL_MS = 60 * 60 * 1000;
const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
// Reset mails to one address: enough for a lost mail or two, too few to flood an inbox.
const RESET_MAILS_PER_ADDRESS = { max: 3, windowMs: 60 * 60 * 1000 };

type TAccountServiceDeps = {
  repo: TAccountRepo;
  authRepo: TAuthRepo;
  mailer: TMailer;
  publicUrl: string;
  /** Mail goes out after the answer, so its timing tells nothing about the address. */
  background: TBackground;
  limits: TRateLimits;
  now?: () => Date;
};

const wrongPassword = () =>
  AppError.validation('currentPassword', 'The current password is not right');

/** What happens to each project when its sole owner's account goes. */
function deletionPlan(
  owned: TSoleOwnedProject[],
  names: Map<string, string>,
): TAccountDeletionPlan {
  const plan: TAccountDeletionPlan = { deleted: [], handedOver: [] };
  for (const { id, name, editorIds } of owned) {
    const heir = editorIds[0];
    if (heir) plan.handedOver.push({ id, name, to: names.get(heir) ?? '' });
    else plan.deleted.push({ id, name });
  }
  return plan;
}

/** A person's own account: profile, password, e-mail, sessions, and deleting it. */
export function createAccountService({
  repo,
  authRepo,
  mailer,
  publicUrl,
  background,
  limits,
  now = () => new Date(),
}: TAccountServiceDeps) {
  async function userRow(user: TUser): Promise<TUserRow> {
    const row = await authRepo.findUserById(user.id);
    if (!row) throw new AppError('unauthorized', 'Sign in to continue');
    return row;
  }

  async function checkPassword(user: TUser, password: string): Promise<TUserRow> {
    const row = await userRow(user);
    if (!(await verifyPassword(row.passwordHash, password))) throw wrongPassword();
    return row;
  }

  async function newLink(
    userId: string,
    purpose: 'password_reset' | 'email_change',
    path: string,
    ttlMs: number,
    newEmail?: string,
  ) {
    const at = now();
    const token = createOpaqueToken();
    // One link of a kind works at a time, even when several are asked for at once.
    await repo.transaction(async (tx) => {
      await tx.lockUser(userId);
      await tx.retireTokens(userId, purpose, at);
      await tx.insertToken({
        userId,
        purpose,
        tokenHash: hashToken(token),
        newEmail,
        expiresAt: new Date(at.getTime() + ttlMs),
      });
    });
    return { token, link: `${publicUrl}${path}?token=${encodeURIComponent(token)}` };
  }

  async function sendReset(email: string): Promise<void> {
    const { hits } = await limits.hit(`password reset ${email}`, RESET_MAILS_PER_ADDRESS.windowMs);
    if (hits > RESET_MAILS_PER_ADDRESS.max) return;
    const row = await authRepo.findUserByEmail(email);
    if (!row) return;
    const { token, link } = await newLink(
      row.id,
      'password_reset',
      '/reset-password',
      RESET_TTL_MS,
    );
    await mailer.send(passwordResetMail(row.email, row.name, link, token));
  }

  async function setPassword(row: TUserRow, password: string, keepSessionHash?: string) {
    await repo.updateUser(row.id, { passwordHash: await hashPassword(password) });
    await repo.revokeOtherSessions(row.id, keepSessionHash, now());
    await repo.retireTokens(row.id, 'password_reset', now());
    background.run('mailing a password change', () =>
      mailer.send(passwordChangedMail(row.email, row.name)),
    );
  }

  return {
    /**
     * Mails a reset link after the answer, so known and unknown addresses are answered alike and
     * at once; one address gets a few mails an hour at most.
     */
    forgotPassword(email: string): void {
      background.run('sending a password reset mail', () => sendReset(email));
    },

    /**
     * Sets the new password from a mailed link and signs the account out everywhere; resolves
     * with the account's id.
     */
    async resetPassword({ token, password }: TResetPasswordBody): Promise<string> {
      const consumed = await repo.consumeToken('password_reset', hashToken(token), now());
      if (!consumed) {
        throw AppError.validation('token', 'This reset link is invalid, used or expired');
      }
      const row = (await authRepo.findUserById(consumed.userId))!;
      await setPassword(row, password);
      // The link proved the address: an account still waiting for verification is verified.
      if (row.emailVerifiedAt === null) await authRepo.markEmailVerified(row.id);
      return row.id;
    },

    async updateProfile(user: TUser, values: { name: string }): Promise<TUser> {
      return toUser((await repo.updateUser(user.id, values))!);
    },

    /** Replaces the profile picture (PNG, JPEG or WebP up to 512 KB). */
    async setAvatar(user: TUser, bytes: Uint8Array, mediaType: string): Promise<TUser> {
      checkAvatar(bytes, mediaType);
      const { name } = newFileName(mediaType);
      return toUser(
        (await repo.transaction((tx) => tx.setAvatar(user.id, { name, content: bytes })))!,
      );
    },

    async removeAvatar(user: TUser): Promise<TUser> {
      return toUser((await repo.transaction((tx) => tx.setAvatar(user.id, null)))!);
    },

    /** Someone's picture; a stranger's, or none, is a 404. */
    async avatar(viewer: TUser, userId: string) {
      const found = await repo.visibleAvatar(viewer, userId);
      if (!found?.name) throw new AppError('not_found', 'No picture');
      return { body: Buffer.from(found.content), mediaType: mediaTypeOf(found.name) };
    },

    /** Needs the current password; every other session of the account is signed out. */
    async changePassword(
      user: TUser,
      { currentPassword, newPassword }: TChangePasswordBody,
      sessionToken: string | undefined,
    ): Promise<void> {
      const row = await checkPassword(user, currentPassword);
      await setPassword(row, newPassword, sessionToken ? hashToken(sessionToken) : undefined);
    },

    /** Mails a confirmation link to the new address; the account keeps its address until then. */
    async requestEmailChange(user: TUser, { email, currentPassword }: TChangeEmailBody) {
      const row = await checkPassword(user, currentPassword);
      if (email === row.email) throw AppError.validation('email', 'This is your current address');
      if (await authRepo.findUserByEmail(email)) {
        throw AppError.validation('email', 'Another account uses this address');
      }
      const { token, link } = await newLink(
        row.id,
        'email_change',
        '/confirm-email',
        EMAIL_CHANGE_TTL_MS,
        email,
      );
      await mailer.send(emailChangeMail(email, row.name, link, token));
    },

    async confirmEmailChange(token: string): Promise<TUser> {
      const consumed = await repo.consumeToken('email_change', hashToken(token), now());
      if (!consumed?.newEmail) {
        throw AppError.validation('token', 'This confirmation link is invalid, used or expired');
      }
      const before = (await authRepo.findUserById(consumed.userId))!;
      const changed = await repo.changeEmail(consumed.userId, consumed.newEmail);
      if (!changed) throw AppError.validation('token', 'Another account uses this address now');
      background.run('mailing an e-mail change', () =>
        mailer.send(emailChangedMail(before.email, before.name, changed.email)),
      );
      return toUser(changed);
    },

    async listSessions(user: TUser, sessionToken: string | undefined): Promise<TSession[]> {
      const current = sessionToken ? hashToken(sessionToken) : undefined;
      return (await repo.activeSessions(user.id, now())).map((row) => ({
        id: row.id,
        userAgent: row.userAgent,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        current: row.tokenHash === current,
      }));
    },

    /** Someone else's session, or one already ended, is a 404: ids leak nothing. */
    async revokeSession(user: TUser, id: string): Promise<void> {
      if (!(await repo.revokeSession(user.id, id, now()))) {
        throw new AppError('not_found', 'No such session');
      }
    },

    async deletionPlan(user: TUser): Promise<TAccountDeletionPlan> {
      const owned = await repo.soleOwnedProjects(user.id);
      return deletionPlan(owned, await repo.namesOf(owned.flatMap((p) => p.editorIds.slice(0, 1))));
    },

    /**
     * Deletes the account. Projects with other owners stay with them; a project it alone owns
     * passes to its longest-standing editor, or, with nobody to take it, is deleted — only
     * once the request confirms that (`deleteProjects`), after the person has seen the plan.
     */
    async deleteAccount(user: TUser, { currentPassword, deleteProjects }: TDeleteAccountBody) {
      const row = await checkPassword(user, currentPassword);
      await repo.transaction(async (tx) => {
        if (row.isAdmin && !(await tx.anotherAdminExists(row.id))) {
          throw new AppError(
            'conflict',
            'You are the only administrator: make someone else administrator first',
          );
        }
        const owned = await tx.soleOwnedProjects(user.id);
        const orphans = owned.filter((p) => p.editorIds.length === 0);
        if (orphans.length > 0 && !deleteProjects) {
          throw new AppError(
            'conflict',
            `Deleting your account also deletes ${orphans.length === 1 ? 'a project' : `${orphans.length} projects`} nobody else can take over: confirm to go on`,
            [{ field: 'deleteProjects', message: orphans.map((p) => p.name).join(', ') }],
          );
        }
        for (const project of owned) {
          const heir = project.editorIds[0];
          if (heir) await tx.promoteToOwner(project.id, heir);
        }
        await tx.deleteProjects(orphans.map((p) => p.id));
        await tx.deleteUser(user.id);
      });
    },
  };
}
