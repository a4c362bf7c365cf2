import { pgTable, text } from 'drizzle-orm/pg-core';
import { providers } from '@flowsmith/shared';
import { userRow } from './auth';
import { indexesOn, jsonList, timestamps } from './columns';

export const providerCredentials = pgTable(
  'provider_credentials',
  {
    ...userRow(),
    provider: text('provider', { enum: providers }).notNull(),
    name: text('name').notNull(),
    baseUrl: text('base_url'),
    /** AES-256-GCM: iv, tag and ciphertext, base64url, dot-separated. */
    encryptedKey: text('encrypted_key').notNull(),
    keyHint: text('key_hint').notNull(),
    models: jsonList<string>('models'),
    ...timestamps(),
  },
  (t) => indexesOn('provider_credentials', t.userId),
);

/** External MCP servers a user added; their headers are sealed like provider keys. */
export const mcpServers = pgTable(
  'mcp_servers',
  {
    ...userRow(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** The headers as sealed JSON (see encrypted_key above). */
    encryptedHeaders: text('encrypted_headers').notNull(),
    headerNames: jsonList<string>('header_names'),
    enabledTools: jsonList<string>('enabled_tools'),
    ...timestamps(),
  },
  (t) => indexesOn('mcp_servers', t.userId),
);
