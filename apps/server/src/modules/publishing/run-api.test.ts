import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorld, fieldsOf, type TWorld } from '../../test/api-world';
import { startFakeOpenAiServer, type TFakeOpenAiServer } from '../../test/fake-openai-server';

/** Server-Sent Events as `{type, ...data}`. */
const eventsOf = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const type = /^event: (.*)$/m.exec(block)![1];
      return { type, ...JSON.parse(/^data: (.*)$/m.exec(block)![1]!) };
    });

describe('the run API', () => {
  let w: TWorld;
  let ai: TFakeOpenAiServer;
  let address: string;
  let key: string;
  let strangerKey: string;
  let groupId: string;

  beforeAll(async () => {
    ai = await startFakeOpenAiServer();
    w = await createWorld('pglite', { env: { OPENAI_COMPATIBLE_BASE_URL: ai.baseUrl } });
    address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    key = (await w.created(w.as.owner.post('/api/api_keys', { name: 'script' }))).key;
    strangerKey = (await w.created(w.as.stranger.post('/api/api_keys', { name: 'other' }))).key;
    const { group } = await w.make.flow('echo');
    groupId = group.id;
    await w.created(w.as.owner.post(`/api/node_groups/${groupId}/versions`, { note: 'v1' }));
  }, 120_000);
  afterAll(async () => {
    await w.t.close();
    await ai.close();
  });

  const call = (
    id: string,
    payload: unknown,
    headers: Record<string, string> = { authorization: `Bearer ${key}` },
  ) =>
    w.t.app.inject({
      method: 'POST',
      url: `/api/v1/groups/${id}/run`,
      headers,
      payload: payload as object,
    });

  it('runs the published version and answers with its outputs, logged and counted', async () => {
    const before = (await w.as.owner.get('/api/billing')).body.usage.requests;
    const answer = await call(groupId, { inputs: { question: 'hi' } });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      version: 1,
      status: 'succeeded',
      outputs: { answer: 'Echo: Q: hi' },
      error: null,
    });
    const logs = await w.as.owner.get(`/api/req_logs?runId=${body.runId}`);
    expect(logs.body.total).toBe(1);
    expect((await w.as.owner.get('/api/billing')).body.usage.requests).toBe(before + 1);
  });

  it('streams Server-Sent Events on request', async () => {
    for (const [payload, headers] of [
      [{ inputs: { question: 'stream me' }, stream: true }, {}],
      [{ inputs: { question: 'stream me' } }, { accept: 'text/event-stream' }],
    ] as const) {
      const answer = await call(groupId, payload, { authorization: `Bearer ${key}`, ...headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('text/event-stream');
      const events = eventsOf(answer.body);
      expect(events[0]).toMatchObject({ type: 'run', version: 1 });
      const tokens = events.filter((e) => e.type === 'token');
      expect(tokens.length).toBeGreaterThan(0);
      expect(tokens.map((e) => e.delta).join('')).toBe('Echo: Q: stream me');
      expect(tokens.every((e) => e.output === 'answer')).toBe(true);
      expect(events.at(-1)).toMatchObject({
        type: 'done',
        status: 'succeeded',
        outputs: { answer: 'Echo: Q: stream me' },
      });
    }
  });

  it('refuses callers without a key, with another user key or a revoked one, without telling whether the group exists', async () => {
    expect((await call(groupId, { inputs: { question: 'x' } }, {})).statusCode).toBe(401);
    const stranger = await call(
      groupId,
      { inputs: { question: 'x' } },
      {
        authorization: `Bearer ${strangerKey}`,
      },
    );
    const unknown = await call('00000000-0000-4000-8000-000000000000', { inputs: {} });
    const unpublished = await call((await w.make.flow('echo')).group.id, { inputs: {} });
    for (const answer of [stranger, unknown, unpublished]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.message).toBe('No published group with this id');
    }
    const revoked = await w.created(w.as.owner.post('/api/api_keys', { name: 'old' }));
    expect((await w.as.owner.del(`/api/api_keys/${revoked.id}`)).status).toBe(204);
    const withRevoked = await call(
      groupId,
      { inputs: { question: 'x' } },
      {
        authorization: `Bearer ${revoked.key}`,
      },
    );
    expect(withRevoked.statusCode).toBe(401);
  });

  it('names the inputs that do not match, and refuses oversized bodies', async () => {
    const wrong = await call(groupId, { inputs: { questoin: 'x' } });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf({ status: 400, body: wrong.json() })).toEqual([
      'inputs.questoin',
      'inputs.question',
    ]);
    const badShape = await call(groupId, { inputs: 'question', stream: 'yes' });
    expect(fieldsOf({ status: 400, body: badShape.json() }).sort()).toEqual(['inputs', 'stream']);
    const huge = await call(groupId, { inputs: { question: 'x'.repeat(1_100_000) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
  });

  it('is described in the OpenAPI document', async () => {
    const docs = (await w.as.anonymous.get('/api/docs')).body;
    expect(docs.paths['/api/v1/groups/{id}/run'].post).toMatchObject({
      summary: "Run a group's published version",
      security: [{ apiKey: [] }],
    });
  });

  it('sends tokens as the model gives them, and a caller who goes away cancels the run', async () => {
    const { group } = await w.make.flow('compatible:slow-chat');
    await w.created(w.as.owner.post(`/api/node_groups/${group.id}/versions`, { note: 'v1' }));
    const question = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    // A plain connection of its own, which the test closes as a caller that goes away would.
    const request = httpRequest(`${address}/api/v1/groups/${group.id}/run`, {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });
    request.end(JSON.stringify({ inputs: { question }, stream: true }));
    const answer = await new Promise<IncomingMessage>((resolve) => request.on('response', resolve));
    expect(answer.statusCode).toBe(200);
    let text = '';
    const received = () => eventsOf(text.slice(0, text.lastIndexOf('\n\n') + 2));
    for await (const piece of answer) {
      text += String(piece);
      if (received().filter((e) => e.type === 'token').length >= 3) break;
    }
    const events = received();
    expect(events.filter((e) => e.type === 'token').length).toBeGreaterThanOrEqual(3);
    expect(events.some((e) => e.type === 'done')).toBe(false);
    request.destroy();
    const runId = events.find((e) => e.type === 'run')!.runId as string;
    expect((await w.finished(runId)).status).toBe('cancelled');
    await vi.waitFor(() => expect(ai.openCount()).toBe(0), { timeout: 30_000, interval: 100 });
  });
});
