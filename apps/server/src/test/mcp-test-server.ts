import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * An MCP server on a loopback port, made with the official SDK (Streamable HTTP, stateless),
 * for tests. Its tools: `shout` (the text in capitals) and `add` (the sum of two numbers). It
 * keeps the headers of every request and the calls made.
 */
export async function startMcpTestServer() {
  const headers: IncomingHttpHeaders[] = [];
  const calls: Array<{ name: string; arguments: unknown }> = [];

  const mcpServer = () => {
    const server = new McpServer({ name: 'test-tools', version: '1.0.0' });
    server.registerTool(
      'shout',
      { description: 'Says the text in capitals', inputSchema: { text: z.string() } },
      async ({ text }) => {
        calls.push({ name: 'shout', arguments: { text } });
        return { content: [{ type: 'text', text: text.toUpperCase() }] };
      },
    );
    server.registerTool(
      'add',
      { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
      async ({ a, b }) => {
        calls.push({ name: 'add', arguments: { a, b } });
        return { content: [{ type: 'text', text: String(a + b) }] };
      },
    );
    return server;
  };

  const http = createServer((req, res) => {
    headers.push(req.headers);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = mcpServer();
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    headers,
    calls,
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
