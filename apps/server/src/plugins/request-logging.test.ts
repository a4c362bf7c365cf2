import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, createTestApp } from '../test/test-app';

const INFO = 30;
const ERROR = 50;

// Each test starts its own app with its own log stream, so the start counts against the test.
describe('request logging', { timeout: 90_000 }, () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'flowsmith-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Flowsmith</title>');
    await writeFile(path.join(dist, 'assets/app-1a2b3c.js'), 'console.log(1)');
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  const requestLines = (log: ReturnType<typeof captureLog>) =>
    log.lines.filter((line) => typeof line.statusCode === 'number');

  it('writes one line per API request and none at info for the app, its files and the health check', async () => {
    const log = captureLog();
    const t = await createTestApp({
      database: 'pglite',
      env: { WEB_DIST_DIR: dist },
      logStream: log.stream,
    });
    try {
      for (const url of ['/api/check', '/', '/login', '/assets/app-1a2b3c.js', '/assets/gone.js'])
        await t.app.inject({ url });
      expect(requestLines(log)).toEqual([]);

      await t.app.inject({ url: '/api/projects' });
      expect(requestLines(log)).toEqual([
        expect.objectContaining({
          level: INFO,
          method: 'GET',
          url: '/api/projects',
          statusCode: 401,
          msg: expect.stringMatching(/^GET \/api\/projects 401 [\d.]+ ms$/),
        }),
      ]);
      expect(log.lines.some((line) => /incoming request|request completed/.test(line.msg))).toBe(
        false,
      );
    } finally {
      await t.close();
    }
  });

  it('writes the routine requests at debug level', async () => {
    const log = captureLog();
    const t = await createTestApp({
      database: 'pglite',
      env: { WEB_DIST_DIR: dist, LOG_LEVEL: 'debug' },
      logStream: log.stream,
    });
    try {
      for (const url of ['/api/check', '/login', '/assets/app-1a2b3c.js'])
        await t.app.inject({ url });
      expect(requestLines(log).map((line) => [line.url, line.level])).toEqual([
        ['/api/check', 20],
        ['/login', 20],
        ['/assets/app-1a2b3c.js', 20],
      ]);
    } finally {
      await t.close();
    }
  });

  it('logs a server error once, with its error', async () => {
    const log = captureLog();
    const t = await createTestApp({ database: 'pglite', logStream: log.stream });
    try {
      const { cookie } = await t.signUp('logged@example.com');
      log.lines.length = 0;
      await t.database.close();
      const response = await t.app.inject({ url: '/api/projects', headers: { cookie } });
      expect(response.statusCode).toBe(500);
      const lines = log.lines.filter((line) => line.level >= ERROR || line.url === '/api/projects');
      expect(lines).toEqual([
        expect.objectContaining({
          level: ERROR,
          url: '/api/projects',
          err: expect.objectContaining({ message: expect.any(String) }),
        }),
      ]);
    } finally {
      await t.close();
    }
  });
});
