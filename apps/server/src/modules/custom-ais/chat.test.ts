import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index';
import { createWorld, type TWorld } from '../../test/api-world';
import { startFakeOpenAiServer, type TFakeOpenAiServer } from '../../test/fake-openai-server';

type TChunk = {
  type: string;
  delta?: string;
  errorText?: string;
  toolName?: string;
  output?: unknown;
  data?: { dropped: number };
};

describe('chat with a custom AI', () => {
  let w: TWorld;
  let ai: TFakeOpenAiServer;
  let projectId: string;
  let serial = 0;

  beforeAll(async () => {
    ai = await startFakeOpenAiServer();
    w = await createWorld('pglite', { env: { OPENAI_COMPATIBLE_BASE_URL: ai.baseUrl } });
    projectId = w.projectId;
  }, 120_000);
  afterAll(async () => {
    await w.t.close();
    await ai.close();
  });

  async function assistant(model: string, systemPrompt = '') {
    const custom = (
      await w.as.owner.post('/api/custom_ais', {
        projectId,
        name: `Helper ${++serial}`,
        model,
        systemPrompt,
      })
    ).body;
    const conversation = (await w.as.owner.post('/api/conversations', { customAiId: custom.id }))
      .body;
    return { custom, conversation };
  }

  async function chat(customAiId: string, body: object, cookie = w.users.owner.cookie) {
    const response = await w.t.app.inject({
      method: 'POST',
      url: `/api/custom_ais/${customAiId}/chat`,
      headers: { cookie, origin: w.t.origin },
      payload: body,
    });
    const chunks = response.body
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
      .map((line) => JSON.parse(line.slice(6)) as TChunk);
    return {
      status: response.statusCode,
      chunks,
      text: chunks
        .filter((c) => c.type === 'text-delta')
        .map((c) => c.delta)
        .join(''),
      json: () => response.json(),
    };
  }
  const say = (conversationId: string, text: string, id = `m${++serial}`) => ({
    trigger: 'submit-message',
    conversationId,
    message: { id, role: 'user', parts: [{ type: 'text', text }] },
  });

  it('streams a reply, keeps the history and logs the call with the custom AI and conversation', async () => {
    const { custom, conversation } = await assistant('compatible:tiny-chat', 'Be tiny.');
    const answer = await chat(custom.id, say(conversation.id, 'hello there'));
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('Hello from tiny: hello there');
    expect(answer.chunks.filter((c) => c.type === 'text-delta').length).toBeGreaterThan(1);
    expect(ai.chatRequests().at(-1)!.body.messages[0]).toEqual({
      role: 'system',
      content: 'Be tiny.',
    });

    const history = (await w.as.owner.get(`/api/conversations/${conversation.id}/messages`)).body
      .items;
    expect(history.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(history[1].parts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'text', text: 'Hello from tiny: hello there' }),
      ]),
    );
    expect((await w.as.owner.get(`/api/conversations/${conversation.id}`)).body.title).toBe(
      'hello there',
    );

    const logs = (await w.as.owner.get(`/api/req_logs?conversationId=${conversation.id}`)).body
      .items;
    expect(logs).toEqual([
      expect.objectContaining({
        customAiId: custom.id,
        status: 'succeeded',
        inputTokens: 11,
        outputTokens: 4,
      }),
    ]);

    const again = await chat(custom.id, {
      trigger: 'regenerate-message',
      conversationId: conversation.id,
    });
    expect(again.text).toBe('Hello from tiny: hello there');
    const after = (await w.as.owner.get(`/api/conversations/${conversation.id}/messages`)).body
      .items;
    expect(after.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });

  it('calls a linked workflow as a tool, as a real run, and answers with its output', async () => {
    const { group } = await w.make.flow('echo', {
      name: 'Answer Questions',
      inputParams: { description: 'What to ask' },
    });
    const { custom, conversation } = await assistant('compatible:tool-chat');
    await w.as.owner.post('/api/custom_ai_to_node_groups', {
      customAiId: custom.id,
      nodeGroupId: group.id,
    });

    const answer = await chat(custom.id, say(conversation.id, 'what is up'));
    expect(answer.status).toBe(200);
    const call = ai
      .chatRequests()
      .find((r) => r.body.model === 'tool-chat' && Array.isArray(r.body.tools));
    expect(call!.body.tools).toEqual([
      expect.objectContaining({
        function: expect.objectContaining({
          name: 'run_answer_questions',
          parameters: expect.objectContaining({
            properties: { question: { type: 'string', description: 'What to ask' } },
          }),
        }),
      }),
    ]);
    const toolOutput = answer.chunks.find((c) => c.type === 'tool-output-available');
    expect(toolOutput!.output).toMatchObject({
      status: 'succeeded',
      outputs: { answer: 'Echo: Q: what is up' },
    });
    expect(answer.text).toContain('Echo: Q: what is up');
    const runs = (await w.as.owner.get(`/api/runs?nodeGroupId=${group.id}`)).body.items;
    expect(runs).toEqual([
      expect.objectContaining({ status: 'succeeded', inputs: { question: 'what is up' } }),
    ]);
    const logs = (
      await w.as.owner.get(`/api/req_logs?conversationId=${conversation.id}&sort=createdAt`)
    ).body.items;
    expect(logs.map((l: { status: string }) => l.status)).toEqual(['succeeded', 'succeeded']);
    const stored = (await w.as.owner.get(`/api/conversations/${conversation.id}/messages`)).body
      .items;
    expect(JSON.stringify(stored[1].parts)).toContain('tool-run_answer_questions');
  });

  it('shows a provider error in the chat and logs it', async () => {
    const { custom, conversation } = await assistant('compatible:broken-chat');
    const answer = await chat(custom.id, say(conversation.id, 'hi'));
    expect(answer.chunks.find((c) => c.type === 'error')!.errorText).toContain('500');
    const logs = (await w.as.owner.get(`/api/req_logs?conversationId=${conversation.id}`)).body
      .items;
    // The AI SDK tries a 500 three times: one row per attempt, all under the one call.
    const attempts = [...logs].sort(
      (a: { attempt: number }, b: { attempt: number }) => a.attempt - b.attempt,
    );
    expect(attempts.map((l: { status: string; attempt: number }) => [l.status, l.attempt])).toEqual(
      [
        ['failed', 1],
        ['failed', 2],
        ['failed', 3],
      ],
    );
    expect(attempts[0]).toMatchObject({ error: expect.stringContaining('500') });
    expect(new Set(logs.map((l: { callId: string }) => l.callId)).size).toBe(1);
  });

  it('logs one attempt per try of a call the provider refused once', async () => {
    const { custom, conversation } = await assistant('compatible:flaky-chat');
    const answer = await chat(custom.id, say(conversation.id, 'hi'));
    expect(answer.text).toBe('Hello from tiny: hi');
    const logs = (
      await w.as.owner.get(`/api/req_logs?conversationId=${conversation.id}&sort=createdAt`)
    ).body.items;
    expect(logs.map((l: { status: string; attempt: number }) => [l.status, l.attempt])).toEqual([
      ['failed', 1],
      ['succeeded', 2],
    ]);
    expect(logs[1].callId).toBe(logs[0].callId);
  });

  it('logs a reply stopped mid-stream as cancelled, with the tokens it streamed', async () => {
    const { custom, conversation } = await assistant('compatible:slow-chat');
    const address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const response = await fetch(`${address}/api/custom_ais/${custom.id}/chat`, {
      method: 'POST',
      headers: {
        cookie: w.users.owner.cookie,
        origin: w.t.origin,
        'content-type': 'application/json',
      },
      body: JSON.stringify(say(conversation.id, 'tell me a long story')),
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes('text-delta')) {
      const { value } = await reader.read();
      received += new TextDecoder().decode(value);
    }
    abort.abort();
    await expect
      .poll(
        async () =>
          (await w.as.owner.get(`/api/req_logs?conversationId=${conversation.id}`)).body.items,
      )
      .toEqual([
        expect.objectContaining({
          status: 'cancelled',
          attempt: 1,
          inputTokens: expect.any(Number),
          outputTokens: expect.any(Number),
          response: expect.stringContaining('Hello'),
        }),
      ]);
    const [row] = (await w.as.owner.get(`/api/req_logs?conversationId=${conversation.id}`)).body
      .items;
    expect(row.inputTokens).toBeGreaterThan(0);
    expect(row.outputTokens).toBeGreaterThan(0);
  });

  it('leaves out the oldest messages beyond the model window, visibly', async () => {
    const { custom, conversation } = await assistant('compatible:tiny-chat');
    await w.t.database.db.insert(messages).values(
      Array.from({ length: 40 }, (_, i) => ({
        conversationId: conversation.id,
        uiId: `old${i}`,
        role: i % 2 ? ('assistant' as const) : ('user' as const),
        parts: [{ type: 'text', text: `${i} ${'words '.repeat(150)}` }],
        createdAt: new Date(Date.now() - (40 - i) * 1000),
      })),
    );
    const answer = await chat(custom.id, say(conversation.id, 'and now?'));
    const notice = answer.chunks.find((c) => c.type === 'data-notice');
    expect(notice!.data!.dropped).toBeGreaterThan(0);
    expect(ai.chatRequests().at(-1)!.body.messages.length).toBe(41 - notice!.data!.dropped);
    expect(answer.text).toBe('Hello from tiny: and now?');
  });

  it('refuses bad messages and other people’s chats', async () => {
    const { custom, conversation } = await assistant('echo');
    const bad = async (body: object) => (await chat(custom.id, body)).json();
    expect((await bad(say(conversation.id, '   '))).error.details[0].field).toBe(
      'message.parts.0.text',
    );
    expect((await bad(say(conversation.id, 'x'.repeat(20_001)))).error.details[0].field).toBe(
      'message.parts.0.text',
    );
    expect(
      (
        await bad({
          trigger: 'submit-message',
          conversationId: conversation.id,
          message: { id: 'x', role: 'assistant', parts: [{ type: 'text', text: 'hi' }] },
        })
      ).error.details[0].field,
    ).toBe('message.role');
    expect(
      (
        await bad({
          ...say(conversation.id, 'hi'),
          conversationId: '00000000-0000-4000-8000-000000000000',
        })
      ).error.code,
    ).toBe('not_found');
    expect((await bad({ trigger: 'sing' })).error.code).toBe('validation_error');
    expect(
      (await chat(custom.id, say(conversation.id, 'hi'), w.users.stranger.cookie)).status,
    ).toBe(404);
    expect((await w.as.stranger.get(`/api/conversations/${conversation.id}/messages`)).status).toBe(
      404,
    );
    expect((await w.as.editor.get(`/api/conversations/${conversation.id}`)).status).toBe(404);

    const script = '<script>alert(1)</script> and [link](javascript:alert(1))';
    const echoed = await chat(custom.id, say(conversation.id, script));
    expect(echoed.text).toBe(`Echo: ${script}`);
    const stored = (await w.as.owner.get(`/api/conversations/${conversation.id}/messages`)).body
      .items;
    expect(stored[0].parts[0].text).toBe(script);
  });
});
