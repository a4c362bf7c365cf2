import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

export type TFlowsmithServer = {
  url: string;
  /** The token of the latest verification link the server logged for that address. */
  verificationToken(email: string): Promise<string>;
  stop(): Promise<void>;
};

/**
 * A real Flowsmith server (built web app, embedded database, throw-away data directory), as
 * the e2e fixture starts it. Without SMTP_URL it logs mails, which is where links are read.
 */
export async function startFlowsmith(): Promise<TFlowsmithServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flowsmith-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // Started as `npm start` starts it: the built server, rebuilt first only if stale.
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (log += chunk));
  server.stderr?.on('data', (chunk) => (log += chunk));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${log}`);
    const healthy = await fetch(`${url}/api/check`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    async verificationToken(email) {
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        const lines = log.split('\n').filter((line) => line.includes(email));
        const match = lines.at(-1)?.match(/verify-email\?token=([A-Za-z0-9._~%-]+)/);
        if (match) return decodeURIComponent(match[1]!);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no verification mail for ${email} in the server log`);
    },
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) =>
        server.exitCode !== null ? resolve(null) : server.once('exit', resolve),
      );
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
