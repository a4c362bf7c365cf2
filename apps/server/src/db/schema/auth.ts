import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { moment, ownerRef, timestamps } from './columns';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  emailVerifiedAt: moment('email_verified_at'),
  /** The profile picture's name (`<uuid>.<ext>`; its bytes are in `user_avatars`), if any. */
  avatarFile: text('avatar_file'),
  ...timestamps(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerRef('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    expiresAt: moment('expires_at').notNull(),
    lastUsedAt: moment('last_used_at').notNull().defaultNow(),
    revokedAt: moment('revoked_at'),
    ...timestamps(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerRef('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    ...timestamps(),
  },
  (t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerRef('user_id', () => users.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    expiresAt: moment('expires_at'),
    lastUsedAt: moment('last_used_at'),
    revokedAt: moment('revoked_at'),
    ...timestamps(),
  },
  (t) => [index('api_keys_user_id_idx').on(t.userId)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    sentAt: moment('sent_at'),
    error: text('error'),
    ...timestamps(),
  },
  (t) => [
    index('mail_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * Single-use tokens of mailed account links: a password reset, or the confirmation of a new
 * e-mail address (`newEmail`). Only their hashes are stored.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerRef('user_id', () => users.id),
    purpose: text('purpose', { enum: ['password_reset', 'email_change'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    newEmail: text('new_email'),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    ...timestamps(),
  },
  (t) => [index('account_tokens_user_id_idx').on(t.userId)],
);
