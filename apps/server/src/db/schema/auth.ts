import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, indexesOn, moment, ownerRef, timestamps } from './columns';

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  emailVerifiedAt: moment('email_verified_at'),
  /** The profile picture's name (`<uuid>.<ext>`; its bytes are in `user_avatars`), if any. */
  avatarFile: text('avatar_file'),
  ...timestamps(),
});

/** A user's own row's link to the user: deleting the account deletes the row. */
export const userRef = () => ownerRef('user_id', () => users.id);
/** The first columns of a user's own rows: their id and their user. */
export const userRow = () => ({ id: id(), userId: userRef() });

export const sessions = pgTable(
  'sessions',
  {
    ...userRow(),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    expiresAt: moment('expires_at').notNull(),
    lastUsedAt: moment('last_used_at').notNull().defaultNow(),
    revokedAt: moment('revoked_at'),
    ...timestamps(),
  },
  (t) => indexesOn('sessions', t.userId),
);

/** A mailed link's token: only its hash is stored, and it works once, until it expires. */
const singleUseToken = () => ({
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: moment('expires_at').notNull(),
  usedAt: moment('used_at'),
});

export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    ...userRow(),
    ...singleUseToken(),
    ...timestamps(),
  },
  (t) => indexesOn('email_verification_tokens', t.userId),
);

export const apiKeys = pgTable(
  'api_keys',
  {
    ...userRow(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    expiresAt: moment('expires_at'),
    lastUsedAt: moment('last_used_at'),
    revokedAt: moment('revoked_at'),
    ...timestamps(),
  },
  (t) => indexesOn('api_keys', t.userId),
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
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
 * e-mail address (`newEmail`).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    ...userRow(),
    purpose: text('purpose', { enum: ['password_reset', 'email_change'] }).notNull(),
    newEmail: text('new_email'),
    ...singleUseToken(),
    ...timestamps(),
  },
  (t) => indexesOn('account_tokens', t.userId),
);
