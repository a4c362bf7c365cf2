import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, expectError, fieldsOf, type TWorld } from '../../test/api-world';

const eventsOf = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({
      type: /^event: (.*)$/m.exec(block)![1],
      ...JSON.parse(/^data: (.*)$/m.exec(block)![1]!),
    }));

describe('end-user apps of published UI groups', () => {
  let w: TWorld;

  beforeAll(async () => {
    const web = await mkdtemp(path.join(tmpdir(), 'flowsmith-web-'));
    await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    w = await createWorld('pglite', { env: { WEB_DIST_DIR: web } });
  }, 120_000);
  afterAll(() => w.t.close());

  /** A UI group: chat → AI processor (echo, a secret prompt) → AI output; published. */
  const chatApp = async (access: 'members' | 'link' | 'embed', allowedOrigins: string[] = []) => {
    const group = await w.make.group('ui_group');
    const node = (type: string, params: Record<string, unknown>) =>
      w.make.child(group, type, params);
    const chat = await node('ui_chat', { placeholder: 'Ask me' });
    const ai = await node('ai_processor', { model: 'echo', template: 'SECRET-PROMPT {{input}}' });
    const out = await node('ai_output', { name: 'answer' });
    await w.make.connect(chat.id, 'message', ai.id, 'input');
    await w.make.connect(ai.id, 'text', out.id, 'text');
    const { publication } = await w.created(
      w.as.owner.post(`/api/node_groups/${group.id}/versions`, {}),
    );
    await w.as.owner.put(`/api/node_groups/${group.id}/publication`, { access, allowedOrigins });
    return { group, slug: publication.slug as string, ai };
  };

  const run = (slug: string, inputs: unknown, headers: Record<string, string> = {}) =>
    w.t.app.inject({ method: 'POST', url: `/api/apps/${slug}/run`, headers, payload: { inputs } });

  it('lets anyone with the link chat, streaming the answer, without showing prompts or params', async () => {
    const { slug } = await chatApp('link');
    const page = await w.as.anonymous.get(`/api/apps/${slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      slug,
      name: expect.any(String),
      access: 'link',
      version: 1,
      chat: { input: 'message', placeholder: 'Ask me' },
      fields: [],
    });
    expect(JSON.stringify(page.body)).not.toContain('SECRET');

    const before = (await w.as.owner.get('/api/billing')).body.usage.requests;
    const answer = await run(slug, { message: 'hello' });
    expect(answer.statusCode).toBe(200);
    const events = eventsOf(answer.body);
    const text = events
      .filter((e) => e.type === 'token')
      .map((e) => e.delta)
      .join('');
    expect(text).toBe('Echo: SECRET-PROMPT hello');
    const done = events.at(-1);
    expect(done).toMatchObject({ type: 'done', status: 'succeeded', version: 1 });
    // Counted against the owner, and logged in the owner's request log.
    expect((await w.as.owner.get('/api/billing')).body.usage.requests).toBe(before + 1);
    const logs = await w.as.owner.get(`/api/req_logs?runId=${done.runId}`);
    expect(logs.body.items).toEqual([expect.objectContaining({ userId: w.users.owner.id })]);
  });

  it('asks signed-out visitors of a members-only app to sign in, and hides it from strangers', async () => {
    const { slug } = await chatApp('members');
    expectError(await w.as.anonymous.get(`/api/apps/${slug}`), 401, 'unauthorized');
    expect((await run(slug, { message: 'x' })).statusCode).toBe(401);
    expectError(await w.as.stranger.get(`/api/apps/${slug}`), 404, 'not_found');
    expect((await w.as.viewer.get(`/api/apps/${slug}`)).status).toBe(200);
    expectError(await w.as.anonymous.get('/api/apps/no-such-app'), 404, 'not_found');
    // A published AI group has no app page.
    const { group } = await w.make.flow('echo');
    const { publication } = await w.created(
      w.as.owner.post(`/api/node_groups/${group.id}/versions`, {}),
    );
    await w.as.owner.put(`/api/node_groups/${group.id}/publication`, { access: 'link' });
    expectError(await w.as.anonymous.get(`/api/apps/${publication.slug}`), 404, 'not_found');
  });

  it('serves the embed script and lets only allowed sites frame the app', async () => {
    const { slug } = await chatApp('embed', ['https://shop.example']);
    const script = await w.t.app.inject({ url: `/api/apps/${slug}/embed.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain(`http://flowsmith.test/apps/${slug}/embed`);
    const frame = await w.t.app.inject({ url: `/apps/${slug}/embed` });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://shop.example",
    );
    expect(frame.headers['x-frame-options']).toBeUndefined();

    const { slug: linkOnly } = await chatApp('link');
    expect((await w.t.app.inject({ url: `/api/apps/${linkOnly}/embed.js` })).statusCode).toBe(404);
    const refused = await w.t.app.inject({ url: `/apps/${linkOnly}/embed` });
    expect(refused.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('names inputs that do not match and rate-limits each visitor', async () => {
    const { slug } = await chatApp('link');
    const wrong = await run(slug, { mesage: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf({ status: 400, body: wrong.json() })).toEqual([
      'inputs.mesage',
      'inputs.message',
    ]);
    const huge = await run(slug, { message: 'x'.repeat(300_000) });
    expect(huge.statusCode).toBe(413);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await run(slug, {})).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});
