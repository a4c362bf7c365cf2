import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { providers } from '@flowsmith/shared';
import { users } from './auth';
import { createdAt, id, ownerRef, updatedAt } from './columns';

export const providerCredentials = pgTable(
  'provider_credentials',
  {
    id: id(),
    userId: ownerRef('user_id', () => users.id),
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

/** External MCP servers a user added; their headers are sealed like provider keys. */
export const mcpServers = pgTable(
  'mcp_servers',
  {
    id: id(),
    userId: ownerRef('user_id', () => users.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** The headers as sealed JSON (see encrypted_key above). */
    encryptedHeaders: text('encrypted_headers').notNull(),
    headerNames: jsonb('header_names')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    enabledTools: jsonb('enabled_tools')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('mcp_servers_user_id_idx').on(t.userId)],
);
