import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/config';
import { openDatabase } from '../../apps/server/src/db/database';
import {
  startSmtpTestServer,
  verificationTokenFrom,
} from '../../apps/server/src/test/smtp-test-server';
import { openTestDatabase } from '../../apps/server/src/test/test-databases';

const PASSWORD = 'benchmark password 123';

/** A benchmark's server settings: its data folder, mail to `smtpUrl`, no log and no web app. */
export function benchConfig(dataDir: string, smtpUrl: string, env: Record<string, string>) {
  return loadConfig({
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    ...env,
  });
}

/**
 * The server app in this process on a throw-away data folder: the embedded database by default;
 * with DATABASE_URL (or `kind` postgres), a throw-away database on that server; `env` adds settings. Mail goes to a real SMTP test server,
 * where `signUp` reads the verification link.
 */
export async function startBenchApp(
  kind: 'pglite' | 'postgres' = process.env.DATABASE_URL ? 'postgres' : 'pglite',
  env: Record<string, string> = {},
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flowsmith-bench-'));
  const smtp = await startSmtpTestServer();
  const config = benchConfig(dataDir, smtp.url, env);
  const database =
    kind === 'postgres'
      ? await openTestDatabase('postgres')
      : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({
    config,
    database,
    secretKey: 'benchmark-secret-key-that-is-long-enough',
    logger: false,
  });
  await app.ready();
  const origin = new URL(config.publicUrl).origin;

  return {
    app,
    database,
    /** A verified, signed-in user: their id and the session cookie. */
    async signUp(email: string, name: string) {
      const post = (url: string, payload: object) =>
        app.inject({ method: 'POST', url, payload, headers: { origin } });
      await post('/api/auth/register', { email, password: PASSWORD, name });
      const token = verificationTokenFrom(await smtp.waitForMail(email));
      await post('/api/auth/verify-email', { token });
      const login = await post('/api/auth/login', { email, password: PASSWORD });
      if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
      const cookie = login.cookies.find((c) => c.name === 'token')!;
      return {
        id: (login.json() as { user: { id: string } }).user.id,
        cookie: `token=${cookie.value}`,
      };
    },
    /** Sent with a cookie, a state-changing request must come from the app's own origin. */
    origin,
    /** POSTs as the signed-in user with that cookie; anything but a success throws. */
    async post<T>(cookie: string, url: string, payload: object): Promise<T> {
      const response = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: { cookie, origin },
      });
      if (response.statusCode >= 300) throw new Error(`${url}: ${response.body.slice(0, 500)}`);
      return response.json() as T;
    },
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
