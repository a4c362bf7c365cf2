import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerCredentials } from '../../db/schema/index';
import { createWorld, type TWorld } from '../../test/api-world';
import { startFakeOpenAiServer, type TFakeOpenAiServer } from '../../test/fake-openai-server';

describe('provider URLs when private addresses are not allowed', () => {
  let w: TWorld;
  let ai: TFakeOpenAiServer;
  beforeAll(async () => {
    ai = await startFakeOpenAiServer();
    w = await createWorld('pglite', {
      // The operator's own provider, on this machine: trusted whatever the setting.
      env: { ALLOW_PRIVATE_PROVIDER_URLS: 'false', OPENAI_COMPATIBLE_BASE_URL: ai.baseUrl },
    });
  }, 120_000);
  afterAll(async () => {
    await w.t.close();
    await ai.close();
  });

  const local = () => ai.baseUrl.replace('127.0.0.1', 'localhost');

  it('refuses to save a base URL that names a local or private address', async () => {
    for (const baseUrl of [ai.baseUrl, local(), 'http://169.254.169.254/v1', 'http://[::1]:9/v1']) {
      const answer = await w.as.owner.post('/api/provider_credentials', {
        provider: 'openai_compatible',
        name: 'Sneaky',
        apiKey: 'sk-x',
        baseUrl,
        models: ['tiny-chat'],
      });
      expect(answer.status, baseUrl).toBe(400);
      expect(answer.body.error.details, baseUrl).toEqual([
        { field: 'baseUrl', message: expect.stringMatching(/ALLOW_PRIVATE_PROVIDER_URLS/) },
      ]);
    }
    const saved = await w.created(
      w.as.owner.post('/api/provider_credentials', {
        provider: 'openai_compatible',
        name: 'Public',
        apiKey: 'sk-x',
        baseUrl: 'https://models.example.com/v1',
      }),
    );
    const moved = await w.as.owner.put(`/api/provider_credentials/${saved.id}`, {
      baseUrl: ai.baseUrl,
    });
    expect(moved.status).toBe(400);
  });

  it('tests a key at a private address (saved while allowed, or by a name that resolves there) without reaching it, and says no more than that', async () => {
    const before = ai.requests.length;
    const answers: unknown[] = [];
    for (const baseUrl of [ai.baseUrl, local(), 'http://127.0.0.1:1/v1']) {
      const [row] = await w.t.database.db
        .insert(providerCredentials)
        .values({
          userId: w.users.owner.id,
          provider: 'openai_compatible',
          name: `Saved earlier ${answers.length}`,
          baseUrl,
          encryptedKey: w.t.app.models.credentials.seal('sk-x'),
          keyHint: '…sk-x',
          models: ['tiny-chat'],
        })
        .returning();
      answers.push((await w.as.owner.post(`/api/provider_credentials/${row!.id}/test`, {})).body);
    }
    expect(answers).toEqual([
      { ok: false, error: 'Could not reach the provider' },
      { ok: false, error: 'Could not reach the provider' },
      { ok: false, error: 'Could not reach the provider' },
    ]);
    expect(ai.requests.length).toBe(before);
  });

  it("still calls the operator's own provider from the environment", async () => {
    const models = (await w.as.owner.get('/api/models')).body.items.map(
      (m: { id: string }) => m.id,
    );
    expect(models).toContain('compatible:tiny-chat');
  });
});
