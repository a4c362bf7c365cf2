import fp from 'fastify-plugin';
import { createOutboundFetch } from '../lib/outbound';
import { createSecretBox } from '../lib/secret-box';
import type { TMcpClients } from '../modules/mcp/mcp-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Calls to users' external MCP servers. */
    mcp: TMcpClients;
  }
}

/**
 * What calls to external MCP servers need: the box sealing their headers, and the checked fetch
 * for user-given URLs (private addresses only when ALLOW_PRIVATE_PROVIDER_URLS allows them).
 */
export const mcpPlugin = fp<{ secretKey: string }>(
  async (app, { secretKey }) => {
    app.decorate('mcp', {
      headers: createSecretBox(secretKey, 'mcp-server-headers'),
      fetch: createOutboundFetch({ allowPrivate: app.config.allowPrivateProviderUrls }),
      allowPrivate: app.config.allowPrivateProviderUrls,
    });
  },
  { name: 'mcp' },
);
