/**
 * `npm run bench:start`: cold start of the built server, started as `npm start` starts it,
 * until its first 200 from `/api/check`: on a fresh embedded database (migrations and catalog
 * included) and again on the same data folder. Against a bare `node -e` that starts an empty
 * HTTP server, measured the same way in the same run. Goal: under 3 s on a fresh database.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './support/measure';
import { freePort } from '../apps/server/src/test/built-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_MS = 3_000;
const root = path.resolve(import.meta.dirname, '..');

/** Milliseconds from spawning `args` until `url` first answers 200; then stops the process. */
async function timeToFirst200(args: string[], env: Record<string, string>, url: string) {
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the process exited:\n${output}`);
      if (performance.now() - started > 60_000) throw new Error(`no 200 within 60 s:\n${output}`);
      const ok = await fetch(url).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function flowsmithStart(dataDir: string) {
  const port = await freePort();
  return timeToFirst200(
    ['scripts/start.mjs'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
    `http://127.0.0.1:${port}/api/check`,
  );
}

async function bareStart() {
  const port = await freePort();
  const script = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
  return timeToFirst200(['-e', script], {}, `http://127.0.0.1:${port}/`);
}

async function main() {
  const bare: number[] = [];
  const fresh: number[] = [];
  const again: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'flowsmith-bench-start-'));
    try {
      bare.push(await bareStart());
      fresh.push(await flowsmithStart(dataDir));
      again.push(await flowsmithStart(dataDir));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const bareMs = median(bare);
  const row = (name: string, times: number[]) => {
    const ms = median(times);
    console.log(
      `${name.padEnd(40)}${ms.toFixed(0).padStart(8)}${Math.min(...times)
        .toFixed(0)
        .padStart(8)}${Math.max(...times)
        .toFixed(0)
        .padStart(8)}${(ms / bareMs).toFixed(1).padStart(9)}×`,
    );
    return ms;
  };
  console.log(`\nCold start to the first 200, median of ${RUNS} runs (ms)`);
  console.log(`${''.padEnd(40)}  median     min     max  vs bare`);
  row('bare node -e HTTP server', bare);
  const freshMs = row('Flowsmith, fresh embedded database', fresh);
  row('Flowsmith, same data folder again', again);
  console.log(
    `goal: under ${GOAL_MS / 1000} s on a fresh database: ${freshMs < GOAL_MS ? 'met' : 'NOT met'}`,
  );
}

await main();
