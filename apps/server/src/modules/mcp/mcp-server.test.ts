import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type TWorld } from '../../test/api-world';
import { setUsage } from '../../test/billing-fixtures';

/** Each project's published groups as MCP tools, used through the official SDK client. */
describe('the MCP server of a project', () => {
  let w: TWorld;
  let address: string;
  let ownerKey: string;

  const keyOf = async (as: TWorld['as']['owner']) =>
    (await as.post('/api/api_keys', { name: 'mcp' })).body.key as string;
  const connect = async (key: string, projectId = w.projectId) => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${address}/mcp/projects/${projectId}`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    return client;
  };

  beforeAll(async () => {
    w = await createWorld('pglite');
    address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    ownerKey = await keyOf(w.as.owner);
  }, 120_000);
  afterAll(() => w.t.close());

  it('lists published groups with their input schemas and runs the published version', async () => {
    const { group, processor } = await w.make.flow('echo', {
      name: 'Answer Questions',
      inputParams: { description: 'What to ask' },
    });
    // A group that is not published is not a tool.
    await w.make.flow('echo', { name: 'Draft Only' });
    const published = await w.as.owner.post(`/api/node_groups/${group.id}/versions`, {
      note: 'v1',
    });
    expect(published.status).toBe(201);
    await w.as.owner.put(`/api/nodes/${processor.id}`, {
      data: { params: { model: 'echo', template: 'DRAFT {{input}}' } },
    });

    const client = await connect(ownerKey);
    const { tools } = await client.listTools();
    expect(tools).toEqual([
      expect.objectContaining({
        name: 'answer_questions',
        title: 'Answer Questions',
        inputSchema: expect.objectContaining({
          type: 'object',
          properties: { question: { type: 'string', description: 'What to ask' } },
          required: ['question'],
        }),
      }),
    ]);
    const result = await client.callTool({
      name: 'answer_questions',
      arguments: { question: 'what is up' },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ answer: 'Echo: Q: what is up' });
    expect(result.content).toEqual([
      { type: 'text', text: JSON.stringify({ answer: 'Echo: Q: what is up' }) },
    ]);
    const runs = (await w.as.owner.get(`/api/runs?nodeGroupId=${group.id}`)).body.items;
    expect(runs).toEqual([
      expect.objectContaining({ status: 'succeeded', groupVersionId: published.body.version.id }),
    ]);
    const logs = (await w.as.owner.get(`/api/req_logs?runId=${runs[0].id}`)).body.items;
    expect(logs).toHaveLength(1);

    // Bad arguments are an MCP error naming them, and the server keeps answering.
    const bad = await client
      .callTool({ name: 'answer_questions', arguments: { extra: 'x' } })
      .catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(McpError);
    expect((bad as McpError).code).toBe(-32602);
    expect((bad as McpError).message).toBe(
      'MCP error -32602: arguments.extra: Not an input of this workflow; it takes question; arguments.question: Required',
    );
    const unknown = await client
      .callTool({ name: 'nope', arguments: {} })
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(McpError);
    expect((await client.listTools()).tools).toHaveLength(1);

    // At the quota, a call is refused before it runs.
    const limit = (await w.as.owner.get('/api/billing')).body.plan.requestsPerMonth as number;
    await setUsage(w, w.users.owner.id, limit);
    const refused = await client
      .callTool({ name: 'answer_questions', arguments: { question: 'x' } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(McpError);
    await setUsage(w, w.users.owner.id, 0);
    await client.close();
  });

  it('refuses callers without a key, with another’s or a revoked key, and viewers', async () => {
    const post = (key: string | null, projectId = w.projectId) =>
      fetch(`${address}/mcp/projects/${projectId}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(key ? { authorization: `Bearer ${key}` } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
    expect((await post(null)).status).toBe(401);
    expect((await post('fs_nonsense')).status).toBe(401);
    const strangerKey = await keyOf(w.as.stranger);
    const strangers = await post(strangerKey);
    const missing = await post(ownerKey, '00000000-0000-4000-8000-000000000000');
    expect(strangers.status).toBe(404);
    expect(await strangers.text()).toBe(await missing.text());
    expect((await post(await keyOf(w.as.viewer))).status).toBe(403);
    const revoked = await w.as.owner.post('/api/api_keys', { name: 'old' });
    expect((await post(revoked.body.key)).status).toBe(200);
    await w.as.owner.del(`/api/api_keys/${revoked.body.id}`);
    expect((await post(revoked.body.key)).status).toBe(401);

    const huge = await fetch(`${address}/mcp/projects/${w.projectId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerKey}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'x', params: { a: 'x'.repeat(2e6) } }),
    });
    expect(huge.status).toBe(413);
    expect(
      (
        await fetch(`${address}/mcp/projects/${w.projectId}`, {
          headers: { authorization: `Bearer ${ownerKey}` },
        })
      ).status,
    ).toBe(405);
  });

  it('is described in the OpenAPI document; a body that is not JSON-RPC is a 400 naming the field', async () => {
    const docs = (await w.as.anonymous.get('/api/docs')).body;
    expect(docs.paths['/mcp/projects/{id}'].post).toMatchObject({
      tags: ['MCP'],
      security: [{ apiKey: [] }],
      requestBody: { content: { 'application/json': { schema: expect.any(Object) } } },
    });
    const wrong = await fetch(`${address}/mcp/projects/${w.projectId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerKey}` },
      body: JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'tools/list' }),
    });
    expect(wrong.status).toBe(400);
    const body = (await wrong.json()) as { error: { details: Array<{ field: string }> } };
    expect(body.error.details.map((d) => d.field)).toContain('jsonrpc');
  });
});
