import { z } from 'zod';
import { requiredText } from '../resources/common';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const ZEmail = z
  .string(requiredText('E-mail'))
  .trim()
  .toLowerCase()
  .min(1, 'E-mail is required')
  .max(EMAIL_MAX_LENGTH, `E-mail must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

export const ZPassword = z
  .string(requiredText('Password'))
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const ZName = z
  .string(requiredText('Name'))
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`);

export const ZRegisterBody = z.object({ email: ZEmail, password: ZPassword, name: ZName });
export type TRegisterBody = z.infer<typeof ZRegisterBody>;

export const ZLoginBody = z.object({
  email: ZEmail,
  password: z
    .string(requiredText('Password'))
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZVerifyEmailBody = z.object({
  token: z.string(requiredText('Token')).min(1, 'Token is required').max(200),
});
export type TVerifyEmailBody = z.infer<typeof ZVerifyEmailBody>;

export const ZResendVerificationBody = z.object({ email: ZEmail });
export type TResendVerificationBody = z.infer<typeof ZResendVerificationBody>;

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  /** The profile picture, for people who share a project; null without one. */
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZWsInfo = z.object({
  token: z.string(),
  url: z.string(),
});
export type TWsInfo = z.infer<typeof ZWsInfo>;

export const ZUserResponse = z.object({ user: ZUser });
export type TUserResponse = z.infer<typeof ZUserResponse>;

export const ZLoginResponse = z.object({ user: ZUser, wsInfo: ZWsInfo });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;
