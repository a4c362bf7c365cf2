import { beforeAll, describe, expect, it } from 'vitest';
import { useWorld } from '../../test/api-world';

describe('runs and the request log', () => {
  const w = useWorld('pglite');
  let runId: string;
  let logId: string;
  let privateLogId: string;
  beforeAll(async () => {
    runId = (await w.make.finishedRun()).id;
    logId = (
      await w.make.reqLog({
        userId: w.users.editor.id,
        runId,
        provider: 'openai_compatible',
        model: 'tiny',
        latencyMs: 120,
        inputTokens: 10,
        outputTokens: 5,
        cost: 0.0001,
        prompt: 'Hi',
        response: 'Hello',
      })
    ).id;
    // A call outside any project: only its caller sees it.
    privateLogId = (
      await w.make.reqLog({
        projectId: null,
        userId: w.users.stranger.id,
        status: 'failed',
        error: 'boom',
      })
    ).id;
  });

  it("shows a project's request log to its members only", async () => {
    expect((await w.as.viewer.get(`/api/req_logs/${logId}`)).body).toMatchObject({
      model: 'tiny',
      inputTokens: 10,
      cost: 0.0001,
    });
    expect((await w.as.stranger.get(`/api/req_logs/${logId}`)).status).toBe(404);
    expect((await w.as.stranger.get(`/api/req_logs/${privateLogId}`)).status).toBe(200);
    expect((await w.as.owner.get(`/api/req_logs/${privateLogId}`)).status).toBe(404);
    const filtered = await w.as.owner.get(
      `/api/req_logs?projectId=${w.projectId}&model=tiny&status=succeeded&from=2000-01-01T00:00:00Z`,
    );
    expect(filtered.body.total).toBe(1);
    expect((await w.as.owner.get('/api/req_logs?to=2000-01-01T00:00:00Z')).body.total).toBe(0);
    const badDate = await w.as.owner.get('/api/req_logs?from=yesterday');
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.details[0].field).toBe('from');
  });

  it('sums the request log per day under the same filters and visibility', async () => {
    const summary = await w.as.owner.get(`/api/req_logs/summary?projectId=${w.projectId}`);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({
      requests: 1,
      failed: 0,
      inputTokens: 10,
      outputTokens: 5,
      cost: 0.0001,
    });
    expect(summary.body.perDay).toEqual([
      { day: new Date().toISOString().slice(0, 10), requests: 1, tokens: 15, cost: 0.0001 },
    ]);
    const theirs = await w.as.stranger.get('/api/req_logs/summary');
    expect(theirs.body).toMatchObject({ requests: 1, failed: 1 });
    expect((await w.as.owner.get('/api/req_logs/summary?status=failed')).body.requests).toBe(0);
    expect((await w.as.owner.get('/api/req_logs/summary?from=nope')).status).toBe(400);
  });

  it('refuses to write the request log over the API', async () => {
    for (const answer of [
      await w.as.owner.post('/api/req_logs', { model: 'x' }),
      await w.as.owner.put(`/api/req_logs/${logId}`, { model: 'x' }),
      await w.as.owner.del(`/api/req_logs/${logId}`),
    ]) {
      expect(answer.status).toBe(405);
      expect(answer.body.error.code).toBe('method_not_allowed');
    }
    expect((await w.as.owner.get(`/api/req_logs/${logId}`)).status).toBe(200);
  });

  it('lists runs to members, and lets editors but not viewers remove one', async () => {
    expect(
      (await w.as.viewer.get(`/api/runs?projectId=${w.projectId}`)).body.items.map(
        (r: { id: string }) => r.id,
      ),
    ).toEqual([runId]);
    expect((await w.as.stranger.get(`/api/runs/${runId}`)).status).toBe(404);
    expect((await w.as.viewer.del(`/api/runs/${runId}`)).status).toBe(403);
    expect((await w.as.owner.put(`/api/runs/${runId}`, { status: 'failed' })).status).toBe(405);
    expect((await w.as.editor.del(`/api/runs/${runId}`)).status).toBe(204);
    expect((await w.as.owner.get(`/api/req_logs/${logId}`)).body.runId).toBeNull();
  });

  it('describes every resource in the OpenAPI document', async () => {
    const docs = await w.as.anonymous.get('/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.body.openapi).toMatch(/^3\./);
    const resources = [
      'projects',
      'project_users',
      'users',
      'custom_ais',
      'custom_ai_to_node_groups',
      'database_values',
      'database_value_types',
      'nodes',
      'node_connections',
      'node_databases',
      'node_groups',
      'node_inputs',
      'node_input_types',
      'node_outputs',
      'node_output_types',
      'node_types',
      'node_type_params',
      'node_type_param_types',
      'subscriptions',
      'subscription_plans',
      'req_logs',
      'runs',
      'api_keys',
      'provider_credentials',
    ];
    for (const resource of resources) {
      expect(docs.body.paths, resource).toHaveProperty(`/api/${resource}`);
      expect(docs.body.paths, resource).toHaveProperty([`/api/${resource}/{id}`]);
    }
    expect(docs.body.paths['/api/nodes'].post.requestBody).toBeDefined();
  });
});

describe('secrets', () => {
  const w = useWorld('pglite');

  it('shows an API key once, accepts it as a bearer token, and never returns a provider key', async () => {
    const created = await w.as.owner.post('/api/api_keys', { name: 'CI' });
    expect(created.body.key).toMatch(/^fs_/);
    expect(created.body).not.toHaveProperty('keyHash');
    const listed = await w.as.owner.get('/api/api_keys');
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);
    const me = await w.t.app.inject({
      url: '/api/projects',
      headers: { authorization: `Bearer ${created.body.key}` },
    });
    expect(me.json().items.map((p: { name: string }) => p.name)).toEqual(['Main']);
    expect((await w.as.owner.del(`/api/api_keys/${created.body.id}`)).status).toBe(204);
    const revoked = await w.t.app.inject({
      url: '/api/projects',
      headers: { authorization: `Bearer ${created.body.key}` },
    });
    expect(revoked.statusCode).toBe(401);

    const credential = await w.as.owner.post('/api/provider_credentials', {
      provider: 'openai_compatible',
      name: 'Local',
      apiKey: 'sk-very-secret-9876',
      baseUrl: 'http://127.0.0.1:11434/v1',
    });
    expect(credential.status).toBe(201);
    expect(credential.body.keyHint).toBe('…9876');
    const all = JSON.stringify([
      credential.body,
      (await w.as.owner.get('/api/provider_credentials')).body,
    ]);
    expect(all).not.toContain('sk-very-secret');
    expect(all).not.toContain('encryptedKey');
    const missingUrl = await w.as.owner.post('/api/provider_credentials', {
      provider: 'openai_compatible',
      name: 'x',
      apiKey: 'k',
    });
    expect(missingUrl.body.error.details).toEqual([
      { field: 'baseUrl', message: 'An OpenAI-compatible server needs its base URL' },
    ]);
  });
});
