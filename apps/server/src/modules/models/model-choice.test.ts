import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type TWorld } from '../../test/api-world';
import { testDatabaseKinds } from '../../test/test-databases';

describe.each(testDatabaseKinds)('choosing a model on %s', (database) => {
  let w: TWorld;
  beforeAll(async () => {
    w = await createWorld(database);
  }, 120_000);
  afterAll(() => w.t.close());

  const saveKey = (client = w.as.owner) =>
    w.created(
      client.post('/api/provider_credentials', {
        provider: 'openai_compatible',
        name: 'Work key',
        apiKey: 'sk-x',
        baseUrl: 'https://models.example.com/v1',
        models: ['tiny-chat'],
      }),
    );

  it('refuses a node model that names no provider, or someone else’s key, naming the field', async () => {
    const strangersKey = await saveKey(w.as.stranger);
    const ownKey = await saveKey();
    const node = await w.make.node('ai_processor');
    const setModel = (model: string, client = w.as.owner) =>
      client.put(`/api/nodes/${node.id}`, { data: { params: { model } } });

    for (const model of ['fake-chat', `cred:${strangersKey.id}:tiny-chat`]) {
      const refused = await setModel(model);
      expect(refused.status, model).toBe(400);
      expect(refused.body.error.details, model).toEqual([
        { field: 'params.model', message: expect.any(String) },
      ]);
    }
    const created = await w.as.owner.post('/api/nodes', {
      projectId: w.projectId,
      type: 'ai_processor',
      data: { title: 'AI', params: { model: 'fake-chat' } },
    });
    expect(created.status).toBe(400);

    for (const model of ['echo', 'compatible:fake-chat', `cred:${ownKey.id}:tiny-chat`, ''])
      expect((await setModel(model)).status, model).toBe(200);
    expect((await setModel('fake-chat', w.as.stranger)).status).toBe(404);
  });

  it('keeps a model chosen earlier when another member edits something else', async () => {
    const ownKey = await saveKey();
    const node = await w.make.node('ai_processor');
    const model = `cred:${ownKey.id}:tiny-chat`;
    expect(
      (await w.as.owner.put(`/api/nodes/${node.id}`, { data: { params: { model } } })).status,
    ).toBe(200);
    const renamed = await w.as.editor.put(`/api/nodes/${node.id}`, {
      data: { title: 'Renamed', params: { template: 'Hi {{input}}' } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.params.model).toBe(model);
  });

  it('refuses a custom AI model that names no provider', async () => {
    const refused = await w.as.owner.post('/api/custom_ais', {
      projectId: w.projectId,
      name: 'Helper',
      model: 'fake-chat',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { field: 'model', message: 'Unknown model "fake-chat": choose one from the list' },
    ]);
    const customAi = await w.make.customAi();
    const updated = await w.as.owner.put(`/api/custom_ais/${customAi.id}`, { model: 'gpt-4o' });
    expect(updated.status).toBe(400);
    expect(
      (await w.as.owner.put(`/api/custom_ais/${customAi.id}`, { model: 'compatible:x' })).status,
    ).toBe(200);
    expect(
      (await w.as.stranger.put(`/api/custom_ais/${customAi.id}`, { model: 'gpt-4o' })).status,
    ).toBe(404);
  });
});
