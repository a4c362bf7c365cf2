import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');

type TRun = { code: number | null; output: string };

type TStarted = TRun & { stop(): Promise<TRun>; kill(): Promise<TRun> };

function startServer(env: Record<string, string>, until: RegExp): Promise<TStarted> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<TRun>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
  return new Promise((resolve) => {
    const signal = (name: NodeJS.Signals) => () => {
      child.kill(name);
      return exited;
    };
    const controls = { stop: signal('SIGTERM'), kill: signal('SIGKILL') };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output)) resolve({ code: null, output, ...controls });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((run) => resolve({ ...run, ...controls }));
  });
}

// Each test starts one or two real server processes that create and migrate a fresh embedded
// database, which takes far longer than the default when the machine is busy.
describe('server process', { timeout: 90_000 }, () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('refuses to start on a data folder another server holds, and shuts down cleanly', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'flowsmith-server-'));
    dirs.push(dataDir);
    const first = await startServer({ DATA_DIR: dataDir }, /Flowsmith is running/);
    expect(first.code).toBeNull();

    const second = await startServer({ DATA_DIR: dataDir }, /^$/);
    expect(second.code).toBe(1);
    expect(second.output).toMatch(
      /Another Flowsmith server \(process \d+ on .+\) is already using the data folder/,
    );

    const stopped = await first.stop();
    expect(stopped.code).toBe(0);
    expect(stopped.output).toContain('shutting down');
  });

  it('starts at once on the data folder of a server that was killed', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'flowsmith-server-'));
    dirs.push(dataDir);
    const crashed = await startServer({ DATA_DIR: dataDir }, /Flowsmith is running/);
    expect(crashed.code).toBeNull();
    expect((await crashed.kill()).code).toBeNull();

    const restarted = await startServer({ DATA_DIR: dataDir }, /Flowsmith is running/);
    expect(restarted.output).not.toContain('already using the data folder');
    expect(restarted.code).toBeNull();
    expect((await restarted.stop()).code).toBe(0);
  });

  it('says in one sentence, naming DATABASE_URL, that the database cannot be reached', async () => {
    const run = await startServer(
      { DATABASE_URL: 'postgres://flowsmith:hunter2-secret@127.0.0.1:1/flowsmith' },
      /^$/,
    );
    expect(run.code).toBe(1);
    expect(run.output.trim().split('\n')).toEqual([
      'Cannot reach the database given by DATABASE_URL (postgres://flowsmith@127.0.0.1:1/flowsmith): the connection was refused.',
    ]);
  });

  it('names each bad variable and exits when the configuration is invalid', async () => {
    const run = await startServer({ PORT: 'eighty', SMTP_URL: 'mail' }, /^$/);
    expect(run.code).toBe(1);
    expect(run.output).toContain('Invalid configuration');
    expect(run.output).toMatch(/PORT/);
    expect(run.output).toMatch(/SMTP_URL/);
  });
});
