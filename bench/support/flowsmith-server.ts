import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitUntilHealthy } from '../../apps/server/src/test/built-server';

const root = path.resolve(import.meta.dirname, '../..');

export type TFlowsmithServer = {
  url: string;
  /** The server's process id (its memory is read from /proc). */
  pid: number;
  /** The token of the latest verification link the server logged for that address. */
  verificationToken(email: string): Promise<string>;
  stop(): Promise<void>;
};

/**
 * A real Flowsmith server (built web app, embedded database, throw-away data directory), as
 * the e2e fixture starts it. Without SMTP_URL it logs mails, which is where links are read.
 * `serverOnly`: runs the server's build directly, for what needs no web app; `env` adds settings.
 */
export async function startFlowsmith({
  serverOnly = false,
  env = {},
}: { serverOnly?: boolean; env?: Record<string, string> } = {}): Promise<TFlowsmithServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flowsmith-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // Started as `npm start` starts it: the built server, rebuilt first only if stale.
  const entry = serverOnly ? 'apps/server/dist/server.js' : 'scripts/start.mjs';
  const server: ChildProcess = spawn(process.execPath, [entry], {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (log += chunk));
  server.stderr?.on('data', (chunk) => (log += chunk));

  await waitUntilHealthy(server, url, () => log);

  return {
    url,
    pid: server.pid!,
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
