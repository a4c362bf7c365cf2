import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app';

describe('HTTP surface', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: 'pglite' });
  });
  afterAll(() => t.close());

  it('answers the health check', async () => {
    const response = await t.app.inject({ url: '/api/check' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: expect.any(String), db: 'ok' });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope?x=1'],
      ['DELETE', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'not_found', message: expect.stringContaining('/api') },
      });
    }
  });

  it('refuses NUL characters, which the database cannot store, naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'a@example.com', password: 'long enough password', name: 'a\u0000b' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { field: 'name', message: 'Text may not contain NUL characters' },
    ]);
    const query = await t.app.inject({ url: '/api/check?x=%00' });
    expect(query.statusCode).toBe(400);
  });

  it('refuses a body nested deeper than 64 levels with 400, however deep, naming the body', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    // The body object is the first level.
    const register = (depth: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"a@example.com","password":"long enough password","name":${nested(depth - 1)}}`,
      });
    for (const depth of [65, 10_000, 100_000]) {
      const answer = await register(depth);
      expect(answer.statusCode, String(depth)).toBe(400);
      expect(answer.json().error.details).toEqual([
        { field: '(body)', message: 'Nested deeper than 64 levels of arrays and objects' },
      ]);
    }
    const deepest = await register(64);
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json().error.details[0].field).toBe('name');
  });

  it('refuses an oversized body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('explains that the web app is not built when it is missing', async () => {
    const response = await t.app.inject({ url: '/project' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});

describe('serving the web app', () => {
  let t: TTestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'flowsmith-web-'));
    await mkdir(path.join(dist, 'builds'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Flowsmith</title>');
    await writeFile(path.join(dist, 'builds/latest.json'), '{"id":"b1"}');
    t = await createTestApp({ database: 'pglite', env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves the shell for client routes with 200 and for unknown paths with 404', async () => {
    for (const url of ['/', '/project', '/custom-ai/abc', '/login?returnTo=%2F']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Flowsmith</title>');
    }
    const unknown = await t.app.inject({ url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>Flowsmith</title>');
    expect((await t.app.inject({ url: '/missing.js' })).statusCode).toBe(404);
  });

  it('serves the build manifest uncached', async () => {
    const response = await t.app.inject({ url: '/builds/latest.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ id: 'b1' });
  });
});

describe('health check without a database', () => {
  it('answers 503 when the database is down', async () => {
    const t = await createTestApp({ database: 'pglite' });
    await t.database.close();
    const response = await t.app.inject({ url: '/api/check' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'error', db: 'error' });
    await t.close();
  });
});
