import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

/** The Node.js options `npm start` gives (package.json), so a server started here runs as it does. */
export const npmStartOptions = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start
  .split(' ')
  .filter((word) => word.startsWith('--'));

/** A port free on 127.0.0.1 at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type TBuiltServer = {
  url: string;
  /** The server's process id. */
  pid: number;
  /** Everything the server has written so far. */
  log(): string;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
};

/**
 * The built server, started as `npm start` starts it (rebuilt first only if stale), on a free
 * port with the embedded database in a throw-away data folder; resolves once `/api/check`
 * answers. `env` adds to or overrides the defaults; `entry` names another script to start, such
 * as the server's build alone.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  dataDirPrefix: string,
  entry = 'scripts/start.mjs',
): Promise<TBuiltServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), dataDirPrefix));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, [...npmStartOptions, entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => (log += chunk));
  server.stderr.on('data', (chunk) => (log += chunk));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilHealthy(server, url, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: server.pid!, log: () => log, stop };
}

/** Waits up to a minute for the first 200 from `/api/check`; throws with the output otherwise. */
export async function waitUntilHealthy(server: ChildProcess, url: string, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${output()}`);
    const healthy = await fetch(`${url}/api/check`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
