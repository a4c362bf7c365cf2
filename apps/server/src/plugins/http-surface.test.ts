import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TTestApp } from '../test/test-app';
import { testDatabaseKinds } from '../test/test-databases';

describe('HTTP surface', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: 'pglite' });
  });
  afterAll(() => t.close());

  it('answers the health check, saying that mail goes to an SMTP server', async () => {
    const response = await t.app.inject({ url: '/api/check' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      version: expect.any(String),
      db: 'ok',
      mail: 'smtp',
    });
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
  const shellScript = 'document.documentElement.dataset.ready = "1";';
  let t: TTestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'flowsmith-web-'));
    await mkdir(path.join(dist, 'builds'), { recursive: true });
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    const files: Record<string, string> = {
      'index.html': `<!doctype html><title>Flowsmith</title><script>${shellScript}</script><script type="module" src="/assets/index-Ab12Cd34.js"></script>`,
      'builds/latest.json': '{"id":"b1"}',
      'sw.js': 'self.addEventListener("fetch", () => {})',
      'manifest.webmanifest': '{"name":"Flowsmith"}',
      'assets/index-Ab12Cd34.js': 'console.log("entry")',
      // The service worker's runtime, named by its content as vite-plugin-pwa writes it.
      'workbox-5ffe50d4.js': 'self.workbox = {}',
      'workbox.js': 'self.workbox = {}',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    };
    // As the build writes them: each text file with its brotli and gzip copies.
    for (const [name, text] of Object.entries(files)) {
      await writeFile(path.join(dist, name), text);
      await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text));
      await writeFile(path.join(dist, `${name}.gz`), gzipSync(text));
    }
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

  it('sends the app shell with a Content Security Policy that allows only its own scripts, and no framing', async () => {
    const hash = createHash('sha256').update(shellScript).digest('base64');
    for (const url of ['/', '/login', '/index.html', '/no/such/page']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      const policy = response.headers['content-security-policy'] as string;
      const directive = (name: string) =>
        policy
          .split(';')
          .map((part) => part.trim().split(' '))
          .find(([key]) => key === name)
          ?.slice(1);
      expect(directive('script-src'), url).toEqual(["'self'", `'sha256-${hash}'`]);
      expect(directive('frame-ancestors'), url).toEqual(["'none'"]);
      expect(directive('connect-src'), url).toEqual([
        "'self'",
        'http://flowsmith.test',
        'ws://flowsmith.test',
      ]);
      expect(directive('img-src'), url).toEqual(["'self'", 'data:', 'blob:']);
      expect(directive('style-src'), url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
    const script = await t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(script.headers['content-security-policy']).toBeUndefined();
  });

  it('forbids content sniffing on every answer', async () => {
    for (const url of [
      '/',
      '/assets/index-Ab12Cd34.js',
      '/missing.js',
      '/api/check',
      '/api/nope',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const api = await t.app.inject({ url: '/api/check' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const refused = await t.app.inject({ method: 'POST', url: '/api/projects', payload: {} });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the build manifest uncached', async () => {
    const response = await t.app.inject({ url: '/builds/latest.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ id: 'b1' });
  });

  it('sends text files brotli-compressed, else gzip, else as they are, varying on Accept-Encoding', async () => {
    const get = (url: string, acceptEncoding?: string) =>
      t.app.inject({
        url,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    for (const url of ['/assets/index-Ab12Cd34.js', '/login', '/sw.js']) {
      const br = await get(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toContain('accept-encoding');
      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers.vary, url).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(plain.body);
    }
    const script = await get('/assets/index-Ab12Cd34.js', 'br');
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('caches files named by their content for a year, and revalidates every other file', async () => {
    const cacheOf = async (url: string) => {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      return response.headers['cache-control'];
    };
    for (const url of ['/assets/index-Ab12Cd34.js', '/workbox-5ffe50d4.js'])
      expect(await cacheOf(url), url).toBe('public, max-age=31536000, immutable');
    for (const url of [
      '/',
      '/login',
      '/index.html',
      '/sw.js',
      '/workbox.js',
      '/manifest.webmanifest',
      '/builds/latest.json',
      '/favicon.svg',
    ])
      expect(await cacheOf(url), url).toBe('no-cache');
  });
});

describe('health check', () => {
  it.each(testDatabaseKinds)(
    'answers 503 with db "down" to every caller when the database is down (%s)',
    async (kind) => {
      const t = await createTestApp({ database: kind });
      try {
        const { cookie } = await t.signUp('health@example.com');
        await t.database.close();
        for (const headers of [{}, { cookie }, { authorization: 'Bearer fs_not_a_key' }]) {
          const response = await t.app.inject({ url: '/api/check', headers });
          expect(response.statusCode).toBe(503);
          expect(response.json()).toMatchObject({ status: 'error', db: 'down' });
        }
      } finally {
        await t.close();
      }
    },
  );

  it('answers at once while the embedded database is busy with other work', async () => {
    const t = await createTestApp({ database: 'pglite' });
    try {
      expect((await t.app.inject({ url: '/api/check' })).statusCode).toBe(200);
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // An open transaction holds the embedded database: every other statement waits for it.
      const busy = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
        order.push('work done');
      });
      const check = t.app.inject({ url: '/api/check' }).then((response) => {
        order.push(`check ${response.statusCode}`);
      });
      await Promise.race([check, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      release();
      await Promise.all([busy, check]);
      expect(order).toEqual(['check 200', 'work done']);
    } finally {
      await t.close();
    }
  });
});
