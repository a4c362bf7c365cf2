/**
 * `npm run bench:start`: cold start of the built server, started as `npm start` starts it,
 * until its first 200 from `/api/check`: on a fresh embedded database (migrations and catalog
 * included) and again on the same data folder. Against a bare `node -e` that starts an empty
 * HTTP server, measured the same way in the same run. Goal: under 3 s on a fresh database.
 *
 * Besides the wall time it prints the CPU time the process used until that 200 (user and
 * system, all its threads, read from /proc): on a busy machine the wall time mostly measures
 * the other work, the CPU time much less so. The load average is printed with the figures.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './support/measure';
import { freePort, npmStartOptions } from '../apps/server/src/test/built-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_MS = 3_000;
const root = path.resolve(import.meta.dirname, '..');

type TStart = { wallMs: number; cpuMs: number | undefined };

/** CPU time (user and system) a process has used so far, where there is a /proc. */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Time from spawning `args` until `url` first answers 200, and the CPU time used until then. */
async function timeToFirst200(
  args: string[],
  env: Record<string, string>,
  url: string,
): Promise<TStart> {
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
      if (ok) return { wallMs: performance.now() - started, cpuMs: cpuMsOf(child.pid) };
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
    [...npmStartOptions, 'scripts/start.mjs'],
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

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

async function main() {
  const bare: TStart[] = [];
  const fresh: TStart[] = [];
  const again: TStart[] = [];
  const loadBefore = load();
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
  const bareMs = median(bare.map((start) => start.wallMs));
  const cell = (ms: number | undefined, width = 8) =>
    (ms === undefined ? '–' : ms.toFixed(0)).padStart(width);
  const row = (name: string, starts: TStart[]) => {
    const wall = starts.map((start) => start.wallMs);
    const cpu = starts.flatMap((start) => (start.cpuMs === undefined ? [] : [start.cpuMs]));
    const ms = median(wall);
    console.log(
      `${name.padEnd(38)}${cell(ms)}${cell(Math.min(...wall))}${cell(Math.max(...wall))}` +
        `${(ms / bareMs).toFixed(1).padStart(9)}×` +
        (cpu.length
          ? `${cell(median(cpu), 10)}${cell(Math.min(...cpu))}${cell(Math.max(...cpu))}`
          : ''),
    );
    return ms;
  };
  console.log(`\nCold start to the first 200, ${RUNS} runs each, interleaved (ms)`);
  console.log(`${''.padEnd(38)}  ──────── wall time ────────────  ──── CPU time of the process ──`);
  console.log(`${''.padEnd(38)}  median     min     max  vs bare    median     min     max`);
  row('bare node -e HTTP server', bare);
  const freshMs = row('Flowsmith, fresh embedded database', fresh);
  row('Flowsmith, same data folder again', again);
  console.log(`load average (1 / 5 / 15 min): ${loadBefore} before, ${load()} after`);
  console.log(
    `goal: under ${GOAL_MS / 1000} s on a fresh database: ${freshMs < GOAL_MS ? 'met' : 'NOT met'}` +
      (loadavg()[0]! > 1 ? ' (wall time on a busy machine: compare the CPU times)' : ''),
  );
}

await main();
