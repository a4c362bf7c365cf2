import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { providers } from '@flowsmith/shared';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';

export const providerCredentials = pgTable(
  'provider_credentials',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: providers }).notNull(),
    name: text('name').notNull(),
    baseUrl: text('base_url'),
    /** AES-256-GCM: iv, tag and ciphertext, base64url, dot-separated. */
    encryptedKey: text('encrypted_key').notNull(),
    keyHint: text('key_hint').notNull(),
    models: jsonb('models')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('provider_credentials_user_id_idx').on(t.userId)],
);
