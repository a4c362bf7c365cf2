import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorld, type TWorld } from '../../test/api-world';
import { setUsage } from '../../test/billing-fixtures';
import { startFakeOpenAiServer, type TFakeOpenAiServer } from '../../test/fake-openai-server';

/** The OpenAI-compatible API, used through OpenAI's own client against the listening server. */
describe('OpenAI-compatible API', () => {
  let w: TWorld;
  let ai: TFakeOpenAiServer;
  let baseURL: string;
  let ownerKey: string;
  let serial = 0;

  const keyOf = async (as: TWorld['as']['owner']) => {
    const created = await as.post('/api/api_keys', { name: `key ${++serial}` });
    return { id: created.body.id as string, key: created.body.key as string };
  };
  const client = (apiKey: string) => new OpenAI({ baseURL, apiKey, maxRetries: 0 });
  const assistant = async (model: string, extra: object = {}) =>
    (
      await w.as.owner.post('/api/custom_ais', {
        projectId: w.projectId,
        name: `Helper ${++serial}`,
        model,
        ...extra,
      })
    ).body as { id: string; name: string };
  const logsOf = async (customAiId: string) =>
    (await w.as.owner.get(`/api/req_logs?customAiId=${customAiId}&sort=createdAt`)).body.items;
  /** The error an OpenAI call fails with. */
  const failure = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OpenAI.APIError);
    return error as InstanceType<typeof OpenAI.APIError>;
  };

  beforeAll(async () => {
    ai = await startFakeOpenAiServer();
    w = await createWorld('pglite', { env: { OPENAI_COMPATIBLE_BASE_URL: ai.baseUrl } });
    const address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    baseURL = `${address}/v1`;
    ownerKey = (await keyOf(w.as.owner)).key;
  }, 120_000);
  afterAll(async () => {
    await w.t.close();
    await ai.close();
  });

  it('lists the custom AIs of the projects the key’s user edits', async () => {
    const mine = await assistant('compatible:tiny-chat');
    const theirs = await w.make.customAi(w.strangerProjectId);
    const ids = (await client(ownerKey).models.list()).data.map((m) => m.id);
    expect(ids).toContain(`custom-ai/${mine.id}`);
    expect(ids).not.toContain(`custom-ai/${theirs.id}`);
    const model = (await client(ownerKey).models.list()).data.find(
      (m) => m.id === `custom-ai/${mine.id}`,
    );
    expect(model).toMatchObject({ object: 'model', owned_by: 'Main', name: mine.name });
    expect(await client(ownerKey).models.retrieve(`custom-ai/${mine.id}`)).toEqual(model);
    // A viewer may not chat in the project, so its custom AIs are not theirs to call.
    const viewerKey = (await keyOf(w.as.viewer)).key;
    expect((await client(viewerKey).models.list()).data).toEqual([]);
  });

  it('answers a completion with usage, and logs it against the custom AI', async () => {
    const custom = await assistant('compatible:tiny-chat', { systemPrompt: 'Be tiny.' });
    const completion = await client(ownerKey).chat.completions.create({
      model: `custom-ai/${custom.id}`,
      messages: [
        { role: 'system', content: 'Answer in English.' },
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'Hello from tiny: first' },
        { role: 'user', content: [{ type: 'text', text: 'hello there' }] },
      ],
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe(`custom-ai/${custom.id}`);
    expect(completion.choices[0]).toMatchObject({
      finish_reason: 'stop',
      message: { role: 'assistant', content: 'Hello from tiny: hello there' },
    });
    expect(completion.usage).toEqual({ prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 });
    const sent = ai.chatRequests().at(-1)!.body.messages;
    expect(sent.map((m) => m.role)).toEqual(['system', 'system', 'user', 'assistant', 'user']);
    expect(sent[0]).toEqual({ role: 'system', content: 'Be tiny.' });
    expect(await logsOf(custom.id)).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        conversationId: null,
        inputTokens: 11,
        outputTokens: 4,
        prompt: '[system]\nBe tiny.\n\n[user]\nhello there',
      }),
    ]);
  });

  it('streams chunks in OpenAI’s format, with a last usage chunk when asked', async () => {
    const custom = await assistant('compatible:tiny-chat');
    const stream = await client(ownerKey).chat.completions.create({
      model: `custom-ai/${custom.id}`,
      messages: [{ role: 'user', content: 'stream this please' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('Hello from tiny: stream this please');
    expect(chunks.filter((c) => c.choices[0]?.delta.content).length).toBeGreaterThan(1);
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 },
    });

    const plain = await client(ownerKey).chat.completions.create({
      model: `custom-ai/${custom.id}`,
      messages: [{ role: 'user', content: 'no usage' }],
      stream: true,
    });
    const last = [];
    for await (const chunk of plain) last.push(chunk);
    expect(last.some((c) => c.usage)).toBe(false);
    expect((await logsOf(custom.id)).map((l: { status: string }) => l.status)).toEqual([
      'succeeded',
      'succeeded',
    ]);
  });

  it('returns calls of the client’s tools, and answers once the client sends their results', async () => {
    const custom = await assistant('compatible:tool-chat');
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'get_weather',
          description: 'The weather in a city',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
          },
        },
      },
    ];
    const model = `custom-ai/${custom.id}`;
    const asked = { role: 'user' as const, content: 'Paris' };
    const first = await client(ownerKey).chat.completions.create({
      model,
      messages: [asked],
      tools,
    });
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    const call = first.choices[0]!.message.tool_calls![0]!;
    expect(call).toMatchObject({ type: 'function', function: { name: 'get_weather' } });
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({
      city: 'Paris',
    });

    const second = await client(ownerKey).chat.completions.create({
      model,
      messages: [
        asked,
        first.choices[0]!.message,
        { role: 'tool', tool_call_id: call.id, content: 'Sunny, 21 °C' },
      ],
      tools,
    });
    expect(second.choices[0]!.message.content).toBe('The workflow said: Sunny, 21 °C');

    const streamed = await client(ownerKey).chat.completions.create({
      model,
      messages: [asked],
      tools,
      stream: true,
    });
    const chunks = [];
    for await (const chunk of streamed) chunks.push(chunk);
    const delta = chunks.find((c) => c.choices[0]?.delta.tool_calls)!.choices[0]!.delta;
    expect(delta.tool_calls![0]).toMatchObject({
      index: 0,
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
    });
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('runs the custom AI’s linked workflows on the server, as in the app', async () => {
    const { group } = await w.make.flow('echo', { name: 'Answer Questions' });
    const custom = await assistant('compatible:tool-chat');
    await w.as.owner.post('/api/custom_ai_to_node_groups', {
      customAiId: custom.id,
      nodeGroupId: group.id,
    });
    const completion = await client(ownerKey).chat.completions.create({
      model: `custom-ai/${custom.id}`,
      messages: [{ role: 'user', content: 'what is up' }],
    });
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    expect(completion.choices[0]!.message.content).toContain('Echo: Q: what is up');
    expect(completion.usage!.total_tokens).toBe(30);
    const runs = (await w.as.owner.get(`/api/runs?nodeGroupId=${group.id}`)).body.items;
    expect(runs).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(await logsOf(custom.id)).toHaveLength(2);
    // A client tool may not take the name of one of the custom AI's own.
    const clash = await failure(
      client(ownerKey).chat.completions.create({
        model: `custom-ai/${custom.id}`,
        messages: [{ role: 'user', content: 'hi' }],
        tools: [{ type: 'function', function: { name: 'run_answer_questions' } }],
      }),
    );
    expect(clash).toMatchObject({ status: 400, param: 'tools.0.function.name' });
  });

  it('lists published groups as models and answers from their published version', async () => {
    const { group, processor } = await w.make.flow('compatible:tiny-chat', { name: 'Ask Me' });
    const { group: draft } = await w.make.flow('echo');
    const version = await w.as.owner.post(`/api/node_groups/${group.id}/versions`, { note: 'v1' });
    expect(version.status).toBe(201);
    await w.as.owner.put(`/api/nodes/${processor.id}`, {
      data: { params: { model: 'echo', template: 'DRAFT {{input}}' } },
    });
    const model = `group/${group.id}`;
    const listed = (await client(ownerKey).models.list()).data;
    expect(listed.find((m) => m.id === model)).toMatchObject({ name: 'Ask Me', owned_by: 'Main' });
    expect(listed.map((m) => m.id)).not.toContain(`group/${draft.id}`);

    const completion = await client(ownerKey).chat.completions.create({
      model,
      messages: [
        { role: 'user', content: 'earlier' },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(completion.choices[0]).toMatchObject({
      finish_reason: 'stop',
      message: { role: 'assistant', content: 'Hello from tiny: Q: hi' },
    });
    expect(completion.usage).toEqual({ prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 });

    const stream = await client(ownerKey).chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'streamed' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe(
      'Hello from tiny: Q: streamed',
    );
    expect(chunks.at(-1)!.usage).toMatchObject({ total_tokens: 15 });
    const runs = (await w.as.owner.get(`/api/runs?nodeGroupId=${group.id}`)).body.items;
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(run.groupVersionId).toBe(version.body.version.id);

    const withTools = await failure(
      client(ownerKey).chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'hi' }],
        tools: [{ type: 'function', function: { name: 'x' } }],
      }),
    );
    expect(withTools).toMatchObject({ status: 400, param: 'tools' });
    const unpublished = await failure(
      client(ownerKey).chat.completions.create({
        model: `group/${draft.id}`,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    const strangerKey = (await keyOf(w.as.stranger)).key;
    const notTheirs = await failure(
      client(strangerKey).chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(unpublished).toMatchObject({ status: 404, param: 'model' });
    expect(notTheirs).toMatchObject({ status: 404, param: 'model' });
    expect(notTheirs.message).toBe(unpublished.message);
  });

  it('streams a published group’s tokens as the model gives them, and a caller who goes away cancels the run', async () => {
    const { group } = await w.make.flow('compatible:slow-chat', { name: 'Slow Talker' });
    await w.created(w.as.owner.post(`/api/node_groups/${group.id}/versions`, { note: 'v1' }));
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const stream = await client(ownerKey).chat.completions.create({
      model: `group/${group.id}`,
      messages: [{ role: 'user', content: words }],
      stream: true,
    });
    const pieces: string[] = [];
    for await (const chunk of stream) {
      const content = chunk.choices[0]?.delta.content;
      if (content) pieces.push(content);
      if (pieces.length === 3) break;
    }
    // Three pieces of a 40-word answer the model sends one word at a time: the run is not over.
    expect(pieces.join('')).toBe('Hello from tiny: ');
    const [run] = (await w.as.owner.get(`/api/runs?nodeGroupId=${group.id}`)).body.items;
    expect((await w.finished(run.id)).status).toBe('cancelled');
    // The model's answer was dropped as well: no request to the model is left open.
    await vi.waitFor(() => expect(ai.openCount()).toBe(0), { timeout: 30_000, interval: 100 });
  });

  it('is described in the OpenAPI document, with the shared schemas, beside the other APIs only', async () => {
    const docs = (await w.as.anonymous.get('/api/docs')).body;
    expect(docs.paths['/v1/models']?.get?.tags).toEqual(['OpenAI-compatible API']);
    expect(Object.keys(docs.paths)).toContain('/v1/models/{*}');
    const completions = docs.paths['/v1/chat/completions']?.post;
    expect(completions?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { required: ['model', 'messages'] } } },
    });
    expect(completions).toMatchObject({
      responses: { 200: { content: { 'application/json': { schema: { type: 'object' } } } } },
    });
    expect(Object.keys(docs.paths).filter((p) => !/^\/(api|v1|mcp)\//.test(p))).toEqual([]);
  });

  it('refuses missing, revoked and other people’s keys, and models not theirs, leaking nothing', async () => {
    const custom = await assistant('echo');
    const model = `custom-ai/${custom.id}`;
    const messages = [{ role: 'user' as const, content: 'hi' }];
    const anonymous = await fetch(`${baseURL}/models`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: object }).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_api_key',
      param: null,
    });
    expect(
      await failure(client('fs_not-a-key').chat.completions.create({ model, messages })),
    ).toMatchObject({ status: 401, code: 'invalid_api_key' });

    const revoked = await keyOf(w.as.owner);
    expect((await client(revoked.key).models.list()).data.length).toBeGreaterThan(0);
    expect((await w.as.owner.del(`/api/api_keys/${revoked.id}`)).status).toBe(204);
    expect(await failure(client(revoked.key).models.list())).toMatchObject({ status: 401 });

    const strangerKey = (await keyOf(w.as.stranger)).key;
    const notTheirs = await failure(
      client(strangerKey).chat.completions.create({ model, messages }),
    );
    const unknown = await failure(
      client(ownerKey).chat.completions.create({
        model: 'custom-ai/00000000-0000-4000-8000-000000000000',
        messages,
      }),
    );
    expect(notTheirs).toMatchObject({ status: 404, param: 'model', type: 'invalid_request_error' });
    expect(notTheirs.message).toBe(unknown.message);
    expect(
      await failure(client(ownerKey).chat.completions.create({ model: 'gpt-4o', messages })),
    ).toMatchObject({ status: 404, param: 'model' });
    expect(await failure(client(ownerKey).models.retrieve('gpt-4o'))).toMatchObject({
      status: 404,
    });
  });

  it('names the bad field of a request, refuses oversized bodies and counts against the quota', async () => {
    const custom = await assistant('echo');
    const model = `custom-ai/${custom.id}`;
    const raw = (body: unknown) =>
      fetch(`${baseURL}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ownerKey}`, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const bad = async (body: unknown) => {
      const answer = await raw(body);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('x-should-retry')).toBe('false');
      return ((await answer.json()) as { error: { param: string; type: string } }).error;
    };
    expect(await bad({ model, messages: [] })).toMatchObject({
      param: 'messages',
      type: 'invalid_request_error',
    });
    expect((await bad({ model, messages: [{ role: 'wizard', content: 'hi' }] })).param).toBe(
      'messages.0.role',
    );
    expect(
      (await bad({ model, messages: [{ role: 'user', content: [{ type: 'image_url' }] }] })).param,
    ).toMatch(/^messages\.0\.content/);
    expect(
      (
        await bad({
          model,
          messages: [{ role: 'tool', tool_call_id: 'call_9', content: 'x' }],
        })
      ).param,
    ).toBe('messages.0.tool_call_id');
    expect((await bad({ messages: [{ role: 'user', content: 'hi' }] })).param).toBe('model');
    expect((await bad('{not json')).param).toBe('(body)');
    const huge = await raw({ model, messages: [{ role: 'user', content: 'x'.repeat(2_000_000) }] });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { type: string } }).error.type).toBe(
      'invalid_request_error',
    );

    // Echo answers offline, logged like any model.
    const echoed = await client(ownerKey).chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'ping' }],
    });
    expect(echoed.choices[0]!.message.content).toBe('Echo: ping');
    expect(await logsOf(custom.id)).toHaveLength(1);

    const limit = (await w.as.owner.get('/api/billing')).body.plan.requestsPerMonth as number;
    await setUsage(w, w.users.owner.id, limit);
    const refused = await failure(
      client(ownerKey).chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(refused).toMatchObject({ status: 429, code: 'insufficient_quota' });
    expect(refused.headers?.get('x-should-retry')).toBe('false');
    expect(await logsOf(custom.id)).toHaveLength(1);
    await setUsage(w, w.users.owner.id, 0);
  });
});
