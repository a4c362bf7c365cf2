import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRun } from '@flowsmith/shared';
import { runs } from '../../db/schema/index';
import { createWorld, type TWorld } from '../../test/api-world';
import { startFakeOpenAiServer, type TFakeOpenAiServer } from '../../test/fake-openai-server';

describe('runs against an OpenAI-compatible server', () => {
  let w: TWorld;
  let ai: TFakeOpenAiServer;
  let projectId: string;

  beforeAll(async () => {
    ai = await startFakeOpenAiServer();
    w = await createWorld('pglite', {
      env: {
        OPENAI_COMPATIBLE_BASE_URL: ai.baseUrl,
        OPENAI_COMPATIBLE_API_KEY: 'sk-compatible-secret',
      },
      config: {
        runs: {
          concurrency: 4,
          parallelRuns: 2,
          nodeTimeoutMs: 1_500,
          retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 50 },
        },
      },
    });
    projectId = w.projectId;
    await w.as.admin.post('/api/model_prices', {
      model: 'tiny-chat',
      inputPerMillion: 1,
      outputPerMillion: 2,
    });
  }, 120_000);
  afterAll(async () => {
    await w.t.close();
    await ai.close();
  });

  const flow = (model: string) => w.make.flow(model);

  const finished = (runId: string) => w.finished(runId);

  const start = async (nodeGroupId: string, question = 'why?') => {
    const answer = await w.as.owner.post('/api/runs', {
      projectId,
      nodeGroupId,
      inputs: { question },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    return answer.body.run as TRun;
  };

  const logsOf = async (runId: string) =>
    (await w.as.owner.get(`/api/req_logs?runId=${runId}&sort=createdAt`)).body.items as Array<
      Record<string, unknown>
    >;

  it('runs a group: streams tokens live, stores node states, outputs and the request log', async () => {
    const { group, processor, output } = await flow('compatible:tiny-chat');
    const socket = await w.socket();

    const run = await w.as.owner.post('/api/runs', {
      projectId,
      nodeGroupId: group.id,
      inputs: {},
    });
    expect(run.status).toBe(202);
    // This process had a free slot: the run was stored already claimed by it.
    expect(run.body.run.status).toBe('running');
    const events: Array<{
      type: string;
      seq: number;
      nodeId?: string;
      delta?: string;
      status?: string;
    }> = [];
    socket.on('publication', (publication) => events.push(publication.data as never));
    const subscribed = await socket.emitWithAck('subscribe', `run:${run.body.run.id}`);
    expect(subscribed.ok).toBe(true);
    const failed = await finished(run.body.run.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('No value was given for "question"');

    // Two hanging runs fill the process's two slots: this one waits queued until the socket
    // follows it (a run this fast is otherwise over before the subscription).
    const hanging = (await flow('compatible:hanging-chat')).group.id;
    const blockers = [await start(hanging), await start(hanging)];
    const live = await start(group.id, 'why is the sky blue?');
    expect(live.status).toBe('queued');
    await socket.emitWithAck('subscribe', `run:${live.id}`);
    for (const { id } of blockers) await w.as.owner.post(`/api/runs/${id}/cancel`, {});
    const done = await finished(live.id);
    expect(done.status).toBe('succeeded');
    expect(done.outputs).toEqual({ answer: 'Hello from tiny: Q: why is the sky blue?' });

    await expect
      .poll(() => events.some((e) => e.type === 'run-status' && e.status === 'succeeded'))
      .toBe(true);
    const streamed = events
      .filter((e) => e.type === 'node-token' && e.nodeId === processor.id)
      .map((e) => e.delta)
      .join('');
    const stored = (await w.as.owner.get(`/api/runs/${live.id}/events`)).body
      .items as typeof events;
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));
    const storedText = stored
      .filter((e) => e.type === 'node-token')
      .map((e) => e.delta)
      .join('');
    expect(storedText).toBe('Hello from tiny: Q: why is the sky blue?');
    expect(
      streamed === '' || storedText.startsWith(streamed) || streamed.endsWith(storedText),
    ).toBe(true);
    const after = (await w.as.owner.get(`/api/runs/${live.id}/events?after=${stored.at(-2)!.seq}`))
      .body.items;
    expect(after).toHaveLength(1);

    const states = (await w.as.owner.get(`/api/runs/${live.id}/nodes`)).body.items as Array<{
      nodeId: string;
      status: string;
      output: unknown;
    }>;
    expect(states.map((s) => s.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(states.find((s) => s.nodeId === output.id)!.output).toEqual({
      text: 'Hello from tiny: Q: why is the sky blue?',
    });

    const [log] = await logsOf(live.id);
    expect(log).toMatchObject({
      status: 'succeeded',
      provider: 'openai_compatible',
      model: 'compatible:tiny-chat',
      inputTokens: 11,
      outputTokens: 4,
      cost: (11 * 1 + 4 * 2) / 1_000_000,
      nodeId: processor.id,
      prompt: 'Q: why is the sky blue?',
      response: 'Hello from tiny: Q: why is the sky blue?',
    });
    expect(log!.latencyMs).toEqual(expect.any(Number));
    const body = ai.chatRequests().at(-1)!.body;
    expect(body.stream).toBe(true);
    expect(JSON.stringify(await w.as.owner.get('/api/req_logs?pageSize=200'))).not.toContain(
      'sk-compatible-secret',
    );

    const stranger = await w.socket(w.as.stranger);
    expect(await stranger.emitWithAck('subscribe', `run:${live.id}`)).toMatchObject({ ok: false });
    expect(await stranger.emitWithAck('subscribe', `project:${projectId}`)).toMatchObject({
      ok: false,
    });
    stranger.disconnect();
    socket.disconnect();
  });

  it('retries a 429 and succeeds, logging each attempt of the one call', async () => {
    const { group } = await flow('compatible:flaky-chat');
    const run = await finished((await start(group.id)).id);
    expect(run.status).toBe('succeeded');
    const events = (await w.as.owner.get(`/api/runs/${run.id}/events`)).body.items as Array<{
      type: string;
      error?: string;
    }>;
    expect(events.filter((e) => e.type === 'node-retry')).toHaveLength(1);
    const logs = await logsOf(run.id);
    expect(logs.map((l) => [l.status, l.attempt])).toEqual([
      ['failed', 1],
      ['succeeded', 2],
    ]);
    expect(logs[1]!.callId).toBe(logs[0]!.callId);
    expect(logs[0]!.error).toContain('429');
  });

  it('fails clearly on a permanent 500 after the retries, and skips what follows', async () => {
    const { group, processor, output } = await flow('compatible:broken-chat');
    const run = await finished((await start(group.id)).id);
    expect(run.status).toBe('failed');
    const states = (await w.as.owner.get(`/api/runs/${run.id}/nodes`)).body.items as Array<{
      nodeId: string;
      status: string;
      error: string;
    }>;
    expect(states.find((s) => s.nodeId === processor.id)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('answered 500'),
    });
    expect(states.find((s) => s.nodeId === output.id)!.status).toBe('skipped');
    const logs = await logsOf(run.id);
    expect(logs.map((l) => [l.status, l.attempt])).toEqual([
      ['failed', 1],
      ['failed', 2],
      ['failed', 3],
    ]);
    expect(new Set(logs.map((l) => l.callId)).size).toBe(1);
  });

  it('times out a model that hangs, at the time limit the node sets', async () => {
    const { group, processor } = await flow('compatible:hanging-chat');
    const limited = await w.as.owner.put(`/api/nodes/${processor.id}`, {
      data: { ...processor.data, params: { ...processor.data.params, timeoutSeconds: 1 } },
    });
    expect(limited.status, JSON.stringify(limited.body)).toBe(200);
    const run = await finished((await start(group.id)).id);
    expect(run.status).toBe('failed');
    const states = (await w.as.owner.get(`/api/runs/${run.id}/nodes`)).body.items as Array<{
      nodeId: string;
      error: string;
    }>;
    expect(states.find((s) => s.nodeId === processor.id)!.error).toBe('Timed out after 1 s');
    // The node fails at its limit without waiting for the aborted call, whose request-log row
    // can then be stored just after the run's end, as a cancelled call's is.
    await expect.poll(async () => (await logsOf(run.id)).map((l) => l.status)).toEqual(['failed']);
  }, 20_000);

  it('cancels a running run', async () => {
    const { group } = await flow('compatible:hanging-chat');
    const run = await start(group.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await w.as.viewer.post(`/api/runs/${run.id}/cancel`, {})).status).toBe(403);
    expect((await w.as.stranger.post(`/api/runs/${run.id}/cancel`, {})).status).toBe(404);
    expect((await w.as.owner.post(`/api/runs/${run.id}/cancel`, {})).status).toBe(202);
    expect((await finished(run.id)).status).toBe('cancelled');
    expect((await w.as.owner.post(`/api/runs/${run.id}/cancel`, {})).status).toBe(409);
    await expect
      .poll(async () => (await logsOf(run.id)).map((l) => l.status))
      .toEqual(['cancelled']);
    expect((await logsOf(run.id))[0]).toMatchObject({ error: 'Cancelled', attempt: 1 });
  });

  it('makes images, stored and served to members only', async () => {
    const group = (
      await w.as.owner.post('/api/node_groups', {
        projectId,
        name: 'Pictures',
        type: 'ai_image_group',
      })
    ).body;
    const add = async (type: string, params: Record<string, unknown>) =>
      (
        await w.as.owner.post('/api/nodes', {
          projectId,
          type,
          parentId: group.nodeId,
          data: { title: type, params },
        })
      ).body;
    const prompt = await add('input', { name: 'prompt' });
    const image = await add('ai_image', {
      model: 'compatible:tiny-image',
      template: 'a {{prompt}}',
      size: '256x256',
    });
    const show = await add('ai_image_output', { name: 'picture' });
    await w.as.owner.post('/api/node_connections', {
      projectId,
      source: prompt.id,
      sourceHandle: 'value',
      target: image.id,
      targetHandle: 'prompt',
    });
    await w.as.owner.post('/api/node_connections', {
      projectId,
      source: image.id,
      sourceHandle: 'image',
      target: show.id,
      targetHandle: 'image',
    });
    const run = await finished(
      (
        await w.as.owner.post('/api/runs', {
          projectId,
          nodeGroupId: group.id,
          inputs: { prompt: 'cat' },
        })
      ).body.run.id,
    );
    expect(run.status).toBe('succeeded');
    const picture = run.outputs.picture as { url: string; mediaType: string };
    expect(picture).toMatchObject({
      url: expect.stringMatching(/^\/api\/files\//),
      mediaType: 'image/png',
    });
    const file = await w.t.app.inject({
      url: picture.url,
      headers: { cookie: w.users.viewer.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(
      (await w.t.app.inject({ url: picture.url, headers: { cookie: w.users.stranger.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(ai.requests.at(-1)).toMatchObject({
      path: '/v1/images/generations',
      body: { prompt: 'a cat' },
    });
  });

  it('runs the built-in echo model with no provider at all', async () => {
    const { group } = await flow('echo');
    const run = await finished((await start(group.id, 'ping')).id);
    expect(run.outputs).toEqual({ answer: 'Echo: Q: ping' });
    const [log] = await logsOf(run.id);
    expect(log).toMatchObject({ provider: 'builtin', model: 'echo', status: 'succeeded', cost: 0 });
  });

  it('handles a group for a custom AI: runs and waits, with the custom AI answering', async () => {
    const { group } = await flow('echo');
    const assistant = (
      await w.as.owner.post('/api/custom_ais', {
        projectId,
        name: 'Tiny',
        model: 'compatible:tiny-chat',
        systemPrompt: 'Be tiny.',
      })
    ).body;
    const handled = await w.as.owner.post('/api/custom_ais/handle', {
      nodeGroupId: group.id,
      customAiId: assistant.id,
      inputs: { question: 'hi' },
    });
    expect(handled.status).toBe(200);
    expect(handled.body).toMatchObject({
      status: 'succeeded',
      outputs: { answer: 'Hello from tiny: Q: hi' },
      error: null,
    });
    expect(ai.chatRequests().at(-1)!.body.messages[0]).toMatchObject({
      role: 'system',
      content: 'Be tiny.',
    });
    const [log] = await logsOf(handled.body.runId);
    expect(log!.customAiId).toBe(assistant.id);
    expect((await w.as.owner.post('/api/custom_ais/handle', { inputs: {} })).status).toBe(400);
    expect(
      (await w.as.stranger.post('/api/custom_ais/handle', { nodeGroupId: group.id })).status,
    ).toBe(404);
  });

  it('refuses runs to those who may not start them, and lists what a run asks for', async () => {
    const { group } = await flow('echo');
    expect((await w.as.viewer.post('/api/runs', { projectId, nodeGroupId: group.id })).status).toBe(
      403,
    );
    expect(
      (await w.as.stranger.post('/api/runs', { projectId, nodeGroupId: group.id })).status,
    ).toBe(404);
    expect((await w.as.anonymous.post('/api/runs', { projectId })).status).toBe(401);
    // A group of another project: not in the named one, whoever's it is.
    const elsewhere = await w.make.group('ai_group', w.strangerProjectId);
    const foreign = await w.as.owner.post('/api/runs', { projectId, nodeGroupId: elsewhere.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details[0]).toMatchObject({ field: 'nodeGroupId' });
    const theirs = { projectId: w.strangerProjectId, nodeGroupId: group.id };
    expect((await w.as.stranger.post('/api/runs', theirs)).body.error.details[0]).toMatchObject({
      field: 'nodeGroupId',
    });
    expect((await w.as.owner.post('/api/runs', theirs)).status).toBe(404);
    const plain = (
      await w.as.owner.post('/api/node_groups', { projectId, name: 'Frame', type: 'group' })
    ).body;
    const notRunnable = await w.as.owner.post('/api/runs', { projectId, nodeGroupId: plain.id });
    expect(notRunnable.body.error.details[0]).toMatchObject({ field: 'nodeGroupId' });
    const run = await start(group.id);
    expect((await w.as.stranger.get(`/api/runs/${run.id}`)).status).toBe(404);
    expect((await w.as.stranger.get(`/api/runs/${run.id}/events`)).status).toBe(404);
    expect((await w.as.viewer.get(`/api/runs/${run.id}/nodes`)).status).toBe(200);
    const inputs = await w.as.viewer.get(
      `/api/runs/inputs?projectId=${projectId}&nodeGroupId=${group.id}`,
    );
    expect(inputs.body.items).toEqual([
      expect.objectContaining({ name: 'question', kind: 'input', valueType: 'text' }),
    ]);
    await finished(run.id);
  });

  it('lists the configured models with the built-in echo first, and tests a saved key', async () => {
    const models = (await w.as.owner.get('/api/models')).body.items as Array<{
      id: string;
      kind: string;
    }>;
    expect(models[0]).toMatchObject({ id: 'echo', kind: 'text' });
    expect(models.map((m) => m.id)).toEqual(
      expect.arrayContaining(['compatible:tiny-chat', 'compatible:tiny-image']),
    );
    expect(models.find((m) => m.id === 'compatible:tiny-image')!.kind).toBe('image');
    const saved = await w.as.owner.post('/api/provider_credentials', {
      provider: 'openai_compatible',
      name: 'Local',
      apiKey: 'sk-local',
      baseUrl: ai.baseUrl,
      models: ['tiny-chat'],
    });
    const tested = await w.as.owner.post(`/api/provider_credentials/${saved.body.id}/test`, {});
    expect(tested.body).toEqual({ ok: true, model: 'tiny-chat' });
    expect(ai.chatRequests().at(-1)!.body.stream).toBeFalsy();
    expect(
      (await w.as.stranger.post(`/api/provider_credentials/${saved.body.id}/test`, {})).status,
    ).toBe(404);
    const mine = (await w.as.owner.get('/api/models')).body.items.map((m: { id: string }) => m.id);
    expect(mine).toContain(`cred:${saved.body.id}:tiny-chat`);
  });

  it('marks runs a crash left running as interrupted when the server starts', async () => {
    const [stuck] = await w.t.database.db
      .insert(runs)
      .values({ projectId, userId: w.users.owner.id, status: 'running' })
      .returning();
    await w.t.app.runJobs.executor.recover();
    const run = (await w.as.owner.get(`/api/runs/${stuck!.id}`)).body;
    expect(run).toMatchObject({
      status: 'failed',
      error: 'Interrupted: the process running it stopped',
    });
  });
});
