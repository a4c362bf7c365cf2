import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './built-server';

const serverDir = path.resolve(import.meta.dirname, '../..');

type TExit = { code: number | null; output: string };

export type TChild = TExit & {
  pid: number;
  /** Everything the process has written so far. */
  log(): string;
  stop(): Promise<TExit>;
  kill(): Promise<TExit>;
};

/**
 * Starts `src/<entry>` from source as its own process, resolving once its output matches
 * `until` (or once it exits).
 */
export function startChild(
  entry: 'server.ts' | 'worker.ts',
  env: Record<string, string>,
  until: RegExp,
): Promise<TChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/${entry}`], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<TExit>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
  return new Promise((resolve) => {
    const signal = (name: NodeJS.Signals) => () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(name);
      return exited;
    };
    const controls = {
      pid: child.pid!,
      log: () => output,
      stop: signal('SIGTERM'),
      kill: signal('SIGKILL'),
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output)) resolve({ code: null, output, ...controls });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((run) => resolve({ ...run, ...controls }));
  });
}

/**
 * `src/server.ts` on a free port. A port found free can be taken by a parallel test before the
 * server binds it: it tries again. `started` says whether it listens (else see its output).
 */
export async function startServerChild(env: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = await startChild(
      'server.ts',
      { ...env, PORT: String(port) },
      /Flowsmith is running|failed to start|EADDRINUSE/,
    );
    const started = /Flowsmith is running/.test(child.output);
    if (started || attempt === 3) return { child, started, url: `http://127.0.0.1:${port}` };
  }
}
