import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type TBuildOptions } from '../app';
import { loadConfig, type TConfig } from '../config/config';
import type { TDatabase } from '../db/database';
import type { TLogStream } from '../lib/logger-options';
import { startSmtpTestServer, verificationTokenFrom } from './smtp-test-server';
import { openTestDatabase, type TTestDatabaseKind } from './test-databases';

export const TEST_PASSWORD = 'correct horse battery staple';

type TTestAppOptions = {
  /** A fresh database of this kind, or one to share with other apps (the caller closes it). */
  database: TTestDatabaseKind | TDatabase;
  /** Settings to replace; `runs` is merged with the defaults. */
  config?: Partial<Omit<TConfig, 'runs'>> & { runs?: Partial<TConfig['runs']> };
  env?: Record<string, string>;
  onRoute?: TBuildOptions['onRoute'];
  /** Receives the server log's JSON lines (at LOG_LEVEL, `info` unless `env` says otherwise). */
  logStream?: TLogStream;
};

/** A log stream that keeps the lines it is given, parsed. */
export function captureLog() {
  const lines: Array<Record<string, unknown> & { level: number; msg: string }> = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    /** Everything written, as one string, to search for what must not be there. */
    text: () => lines.map((line) => JSON.stringify(line)).join('\n'),
  };
}

/** The whole app on a fresh database, mailing through a real SMTP server. */
export async function createTestApp({
  database: kind,
  config: overrides,
  env,
  onRoute,
  logStream,
}: TTestAppOptions) {
  const smtp = await startSmtpTestServer();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flowsmith-test-'));
  const database = typeof kind === 'string' ? await openTestDatabase(kind) : kind;
  const base = loadConfig({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://flowsmith.test',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: logStream ? 'info' : 'silent',
    // The fake model servers of the tests listen on 127.0.0.1; the SSRF tests turn this off.
    ALLOW_PRIVATE_PROVIDER_URLS: 'true',
    ...env,
  });
  const config: TConfig = {
    ...base,
    // Tests sign in many times from one address; the rate-limit test sets its own limit.
    authRateLimit: { max: 10_000, timeWindowMs: 60_000 },
    ...overrides,
    runs: { ...base.runs, ...overrides?.runs },
  };
  const app = await buildApp({
    config,
    database,
    secretKey: 'test-secret-key-that-is-long-enough-0123',
    ...(logStream ? { logStream } : { logger: false }),
    onRoute,
  });
  await app.ready();

  return {
    app,
    smtp,
    database,
    config,
    /** The app's own origin, which a browser sends with every request that changes state. */
    origin: new URL(config.publicUrl).origin,
    /** Registers, verifies through the mailed link and signs in; returns the session cookie. */
    async signUp(email: string, name = 'Test User') {
      await expectStatus(
        app,
        'POST',
        '/api/auth/register',
        { email, password: TEST_PASSWORD, name },
        201,
      );
      const token = verificationTokenFrom(await smtp.waitForMail(email));
      await expectStatus(app, 'POST', '/api/auth/verify-email', { token }, 200);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD },
      });
      if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
      const cookie = login.cookies.find((c) => c.name === 'token');
      return {
        cookie: `token=${cookie!.value}`,
        body: login.json() as { user: { id: string }; wsInfo: { token: string; url: string } },
      };
    },
    async close() {
      await app.close();
      if (typeof kind === 'string') await database.close();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function expectStatus(
  app: FastifyInstance,
  method: 'POST',
  url: string,
  payload: object,
  status: number,
) {
  const response = await app.inject({ method, url, payload });
  if (response.statusCode !== status) {
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  }
}

export type TTestApp = Awaited<ReturnType<typeof createTestApp>>;
