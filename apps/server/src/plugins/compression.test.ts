import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app';

describe('compressed answers', () => {
  let t: TTestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ database: 'pglite' });
    ({ cookie } = await t.signUp('reader@example.com'));
  });
  afterAll(() => t.close());

  // The node kinds' parameters: several kilobytes of JSON.
  const url = '/api/node_type_params?pageSize=200';
  const get = (headers: Record<string, string>) =>
    t.app.inject({ url, headers: { cookie, ...headers } });

  it('sends JSON brotli- or gzip-compressed as the caller accepts', async () => {
    const plain = await get({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(4096);

    const brotli = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const check = await t.app.inject({ url: '/api/check', headers: { 'accept-encoding': 'br' } });
    expect(check.statusCode).toBe(200);
    expect(check.headers['content-encoding']).toBeUndefined();
  });

  it("does not compress what another site asked for, whose size could tell it the user's data", async () => {
    for (const site of ['cross-site', 'same-site']) {
      const answer = await get({ 'accept-encoding': 'gzip, br', 'sec-fetch-site': site });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
    }
    const own = await get({ 'accept-encoding': 'gzip, br', 'sec-fetch-site': 'same-origin' });
    expect(own.headers['content-encoding']).toBe('br');
  });

  it('takes request bodies as plain JSON only', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'reader@example.com', password: 'not this one' })),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('validation_error');
  });
});
