import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../lib/app-error';
import type { TSecretBox } from '../../lib/secret-box';
import { version } from '../../version';

export type TMcpClients = {
  headers: TSecretBox;
  fetch: typeof fetch;
  allowPrivate: boolean;
};

/** A saved MCP server as the client needs it. */
type TMcpTarget = { url: string; encryptedHeaders: string };

const LIST_TIMEOUT_MS = 15_000;

/** The MCP SDK's client, loaded with the first connection rather than at start. */
const loadSdk = async () => {
  const [client, transport, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return { ...client, ...transport, McpError: types.McpError };
};
const MAX_PAGES = 20;

/**
 * Connects to an MCP server over Streamable HTTP with its saved headers, through the checked
 * fetch, hands the connection to `use` and closes it. A failure to connect or an answer that
 * is not MCP reads as one message, so the caller cannot probe hosts and ports.
 */
export async function withMcpClient<T>(
  mcp: TMcpClients,
  target: TMcpTarget,
  use: (client: Client) => Promise<T>,
): Promise<T> {
  const headers = JSON.parse(mcp.headers.open(target.encryptedHeaders)) as Record<string, string>;
  const { Client, StreamableHTTPClientTransport, McpError } = await loadSdk();
  const transport = new StreamableHTTPClientTransport(new URL(target.url), {
    fetch: mcp.fetch,
    requestInit: { headers },
  });
  const client = new Client({ name: 'flowsmith', version });
  try {
    await client.connect(transport, { timeout: LIST_TIMEOUT_MS });
  } catch {
    await client.close().catch(() => undefined);
    throw new AppError('bad_gateway', 'Could not reach the MCP server');
  }
  try {
    return await use(client);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'bad_gateway',
      error instanceof McpError
        ? `The MCP server answered: ${error.message}`
        : 'Could not reach the MCP server',
    );
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Every tool the server offers, page by page. */
export async function listTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await client.listTools(cursor ? { cursor } : {}, { timeout: LIST_TIMEOUT_MS });
    tools.push(...answer.tools);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return tools;
}
