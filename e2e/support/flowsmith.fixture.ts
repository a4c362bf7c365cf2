import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { startFakeOpenAiServer } from '../../apps/server/src/test/fake-openai-server';
import {
  linkTokenFrom,
  startSmtpTestServer,
  verificationTokenFrom,
} from '../../apps/server/src/test/smtp-test-server';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealthy(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/check`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy:\n${output()}`);
}

type TFlowsmith = {
  url: string;
  /** The verification link from the latest mail to that address. */
  verificationLink(email: string): Promise<string>;
  /** The link to `path` (e.g. `/reset-password`) from the latest mail to that address holding one. */
  mailedLink(email: string, path: string): Promise<string>;
};

type TWorkerFixtures = {
  /**
   * Starts a local OpenAI-compatible model server (apps/server/src/test/fake-openai-server.ts)
   * and points the server's `compatible:` provider at it, so `compatible:tiny-chat` streams
   * and `compatible:hanging-chat` never answers. Off by default: `test.use({ fakeModels: true })`.
   */
  fakeModels: boolean;
  flowsmith: TFlowsmith;
};

/** A real Flowsmith server (built web app, embedded database) mailing through a real SMTP server. */
export const test = base.extend<object, TWorkerFixtures>({
  fakeModels: [false, { scope: 'worker', option: true }],
  flowsmith: [
    async ({ fakeModels }, use) => {
      const models = fakeModels ? await startFakeOpenAiServer() : null;
      const smtp = await startSmtpTestServer();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'flowsmith-e2e-'));
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      let log = '';
      // Started as `npm start` starts it: the built server, rebuilt first only if stale.
      const server = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          SMTP_URL: smtp.url,
          PUBLIC_URL: url,
          LOG_LEVEL: 'warn',
          // Every test signs in from the same address, far more often than a person would.
          AUTH_RATE_LIMIT: '10000',
          // Two runs at once, so tests can hold a run queued behind two that hang.
          RUN_CONCURRENCY: '2',
          ...(models ? { OPENAI_COMPATIBLE_BASE_URL: models.baseUrl } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout?.on('data', (chunk) => (log += chunk));
      server.stderr?.on('data', (chunk) => (log += chunk));
      try {
        await waitForHealthy(url, server, () => log);
        await use({
          url,
          async verificationLink(email) {
            const token = verificationTokenFrom(await smtp.waitForMail(email, 15_000));
            return `${url}/verify-email?token=${encodeURIComponent(token)}`;
          },
          async mailedLink(email, linkPath) {
            await expect
              .poll(
                () =>
                  smtp.received.some(
                    (m) => m.to.includes(email) && m.text.includes(`${linkPath}?token=`),
                  ),
                {
                  timeout: 15_000,
                },
              )
              .toBe(true);
            const mail = smtp.received.findLast(
              (m) => m.to.includes(email) && m.text.includes(`${linkPath}?token=`),
            )!;
            return `${url}${linkPath}?token=${encodeURIComponent(linkTokenFrom(mail, linkPath))}`;
          },
        });
      } finally {
        server.kill('SIGTERM');
        await new Promise((resolve) =>
          server.exitCode !== null ? resolve(null) : server.once('exit', resolve),
        );
        await smtp.close();
        await models?.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ flowsmith }, use) => use(flowsmith.url),
});

export { expect };
