import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { providers } from '@flowsmith/shared';
import { users } from './auth';
import { id, jsonList, ownerRef, timestamps } from './columns';

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
    models: jsonList<string>('models'),
    ...timestamps(),
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
    headerNames: jsonList<string>('header_names'),
    enabledTools: jsonList<string>('enabled_tools'),
    ...timestamps(),
  },
  (t) => [index('mcp_servers_user_id_idx').on(t.userId)],
);
