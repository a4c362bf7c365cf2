import { z } from 'zod';
import { requiredText } from '../resources/common';
import { PASSWORD_MAX_LENGTH, ZEmail, ZName, ZPassword } from './auth.schemas';

/** A token from a mailed link (password reset, e-mail change). */
const ZLinkToken = z.string(requiredText('Token')).min(1, 'Token is required').max(200);

/** The password a person types to prove it is them; any length they may have chosen. */
const ZCurrentPassword = z
  .string(requiredText('Current password'))
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const ZForgotPasswordBody = z.object({ email: ZEmail });
export type TForgotPasswordBody = z.infer<typeof ZForgotPasswordBody>;

export const ZResetPasswordBody = z.object({ token: ZLinkToken, password: ZPassword });
export type TResetPasswordBody = z.infer<typeof ZResetPasswordBody>;

export const ZConfirmEmailBody = z.object({ token: ZLinkToken });
export type TConfirmEmailBody = z.infer<typeof ZConfirmEmailBody>;

export const ZProfileBody = z.object({ name: ZName });
export type TProfileBody = z.infer<typeof ZProfileBody>;

export const ZChangePasswordBody = z.object({
  currentPassword: ZCurrentPassword,
  newPassword: ZPassword,
});
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

export const ZChangeEmailBody = z.object({ email: ZEmail, currentPassword: ZCurrentPassword });
export type TChangeEmailBody = z.infer<typeof ZChangeEmailBody>;

export const ZSession = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the request that listed them. */
  current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

export const ZSessionList = z.object({ items: z.array(ZSession) });
export type TSessionList = z.infer<typeof ZSessionList>;

export const ZSessionParams = z.object({ id: z.uuid({ error: 'Unknown session' }) });

/** What deleting the account does to each project it is a member of. */
export const ZAccountDeletionPlan = z.object({
  /** Projects the account alone owns and nobody else may edit: deleted with it. */
  deleted: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Projects the account alone owns: ownership passes to this editor. */
  handedOver: z.array(z.object({ id: z.string(), name: z.string(), to: z.string() })),
});
export type TAccountDeletionPlan = z.infer<typeof ZAccountDeletionPlan>;

export const ZDeleteAccountBody = z.object({
  currentPassword: ZCurrentPassword,
  /** The second confirmation: set once the person has seen which projects go with the account. */
  deleteProjects: z.boolean().default(false),
});
export type TDeleteAccountBody = z.infer<typeof ZDeleteAccountBody>;
