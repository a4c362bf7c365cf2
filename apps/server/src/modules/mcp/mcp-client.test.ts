import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpServers } from '../../db/schema/index';
import { createWorld, expectError, fieldsOf, type TWorld } from '../../test/api-world';
import { startFakeOpenAiServer, type TFakeOpenAiServer } from '../../test/fake-openai-server';
import { startMcpTestServer } from '../../test/mcp-test-server';
import type { TMcpClients } from './mcp-client';
import { mcpServersResource } from './mcp-servers.resource';

type TMcp = Awaited<ReturnType<typeof startMcpTestServer>>;

/** External MCP servers in Settings, and custom AIs that use their tools. */
describe('MCP servers as tools of custom AIs', () => {
  let w: TWorld;
  let ai: TFakeOpenAiServer;
  let mcp: TMcp;

  beforeAll(async () => {
    [ai, mcp] = await Promise.all([startFakeOpenAiServer(), startMcpTestServer()]);
    w = await createWorld('pglite', { env: { OPENAI_COMPATIBLE_BASE_URL: ai.baseUrl } });
  }, 120_000);
  afterAll(async () => {
    await w.t.close();
    await Promise.all([ai.close(), mcp.close()]);
  });

  const addServer = async (as = w.as.owner, body: object = {}) => {
    const answer = await as.post('/api/mcp_servers', {
      name: 'Test tools',
      url: mcp.url,
      headers: { Authorization: 'Bearer s3cret-token' },
      ...body,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: string };
  };

  it('keeps headers sealed, lists the server’s tools and enables some', async () => {
    const server = await addServer();
    expect(server).toMatchObject({ headerNames: ['Authorization'], enabledTools: [] });
    expect(JSON.stringify(server)).not.toContain('s3cret');
    const [row] = await w.t.database.db
      .select()
      .from(mcpServers)
      .where(eq(mcpServers.id, server.id));
    expect(row!.encryptedHeaders).not.toContain('s3cret');

    const tools = await w.as.owner.get(`/api/mcp_servers/${server.id}/tools`);
    expect(tools.status).toBe(200);
    expect(tools.body.items).toEqual([
      {
        name: 'shout',
        description: 'Says the text in capitals',
        inputSchema: expect.objectContaining({
          type: 'object',
          properties: { text: { type: 'string' } },
        }),
        enabled: false,
      },
      expect.objectContaining({ name: 'add', enabled: false }),
    ]);
    expect(mcp.headers.at(-1)!.authorization).toBe('Bearer s3cret-token');

    await w.as.owner.put(`/api/mcp_servers/${server.id}`, { enabledTools: ['shout'] });
    const after = (await w.as.owner.get(`/api/mcp_servers/${server.id}/tools`)).body.items;
    expect(after.map((t: { enabled: boolean }) => t.enabled)).toEqual([true, false]);
  });

  it('lets a custom AI call the enabled tools in chat and through the OpenAI-compatible API', async () => {
    const server = await addServer(w.as.owner, { name: 'Loud', enabledTools: ['shout'] });
    const custom = (
      await w.as.owner.post('/api/custom_ais', {
        projectId: w.projectId,
        name: 'Shouter',
        model: 'compatible:tool-chat',
        mcpServerIds: [server.id],
      })
    ).body;
    expect(custom.mcpServerIds).toEqual([server.id]);
    const conversation = (await w.as.owner.post('/api/conversations', { customAiId: custom.id }))
      .body;
    const response = await w.t.app.inject({
      method: 'POST',
      url: `/api/custom_ais/${custom.id}/chat`,
      headers: { cookie: w.users.owner.cookie, origin: w.t.origin },
      payload: {
        trigger: 'submit-message',
        conversationId: conversation.id,
        message: { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'hello tools' }] },
      },
    });
    expect(response.statusCode).toBe(200);
    const offered = ai.chatRequests().at(-2)!.body.tools as Array<{ function: { name: string } }>;
    expect(offered.map((t) => t.function.name)).toEqual(['Loud_shout']);
    expect(mcp.calls.at(-1)).toEqual({ name: 'shout', arguments: { text: 'hello tools' } });
    expect(response.body).toContain('HELLO TOOLS');

    const key = (await w.as.owner.post('/api/api_keys', { name: 'mcp' })).body.key;
    const address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const openai = new OpenAI({ baseURL: `${address}/v1`, apiKey: key, maxRetries: 0 });
    const completion = await openai.chat.completions.create({
      model: `custom-ai/${custom.id}`,
      messages: [{ role: 'user', content: 'again' }],
    });
    expect(completion.choices[0]!.message.content).toContain('AGAIN');
    const logs = (await w.as.owner.get(`/api/req_logs?customAiId=${custom.id}`)).body.items;
    expect(logs).toHaveLength(4);
  });

  it('keeps servers to their owner and refuses bad input', async () => {
    const server = await addServer();
    expectError(await w.as.stranger.get(`/api/mcp_servers/${server.id}/tools`), 404, 'not_found');
    expectError(await w.as.stranger.get(`/api/mcp_servers/${server.id}`), 404, 'not_found');
    expect((await w.as.stranger.get('/api/mcp_servers')).body.items).toEqual([]);
    expectError(
      await w.as.anonymous.get(`/api/mcp_servers/${server.id}/tools`),
      401,
      'unauthorized',
    );

    // Someone else's server cannot be put on a custom AI, even in a shared project.
    const theirs = await addServer(w.as.editor);
    const custom = await w.make.customAi();
    const refused = await w.as.owner.put(`/api/custom_ais/${custom.id}`, {
      mcpServerIds: [theirs.id],
    });
    expectError(refused, 400, 'validation_error');
    expect(fieldsOf(refused)).toEqual(['mcpServerIds']);
    // The editor may add their own, and the owner may still edit the custom AI afterwards.
    expect(
      (await w.as.editor.put(`/api/custom_ais/${custom.id}`, { mcpServerIds: [theirs.id] })).status,
    ).toBe(200);
    expect((await w.as.owner.put(`/api/custom_ais/${custom.id}`, { name: 'Renamed' })).status).toBe(
      200,
    );

    const bad = await w.as.owner.post('/api/mcp_servers', {
      name: 'x',
      url: 'ftp://example.com',
      headers: { 'Bad Header': 'x' },
    });
    expectError(bad, 400, 'validation_error');
    expect(fieldsOf(bad).sort()).toEqual(['headers.Bad Header', 'url']);

    const gone = await addServer(w.as.owner, { url: 'http://127.0.0.1:9/mcp' });
    const unreachable = await w.as.owner.get(`/api/mcp_servers/${gone.id}/tools`);
    expectError(unreachable, 502, 'bad_gateway');
    expect(unreachable.body.error.message).toBe('Could not reach the MCP server');
  });

  it('refuses private and local addresses unless the operator allows them', async () => {
    const resource = (allowPrivate: boolean) => mcpServersResource({ allowPrivate } as TMcpClients);
    const ctx = {} as Parameters<NonNullable<ReturnType<typeof resource>['validate']>>[1];
    for (const url of ['http://127.0.0.1:8080/mcp', 'http://localhost/mcp', 'http://10.0.0.5/']) {
      await expect(resource(false).validate!({ url }, ctx)).rejects.toMatchObject({
        details: [
          { field: 'url', message: expect.stringContaining('ALLOW_PRIVATE_PROVIDER_URLS') },
        ],
      });
      await expect(resource(true).validate!({ url }, ctx)).resolves.toBeUndefined();
    }
    await expect(
      resource(false).validate!({ url: 'https://mcp.example.com/mcp' }, ctx),
    ).resolves.toBeUndefined();
  });
});
