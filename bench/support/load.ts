/**
 * Closed-loop HTTP load for the benchmarks: `callers` connections, each sending its next request
 * as soon as the last is answered, for `seconds`. Driven by wrk when it is installed (a C load
 * generator that leaves the cores to the server it measures), otherwise by support/load-client.ts,
 * a fetch loop in a Node process of its own, which on a 2-core machine takes most of a core and
 * so inflates the tail it measures. `BENCH_LOAD=node` picks the Node client even with wrk present.
 */
import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export type TLoadSpec = {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  callers: number;
  seconds: number;
};

/** 2xx answers, the rest (other statuses, socket errors, timeouts), per second, p50/p99 in ms. */
export type TLoad = {
  answered: number;
  failures: number;
  perSecond: number;
  p50: number;
  p99: number;
};

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const lastLine = (stdout: string) => stdout.trim().split('\n').at(-1)!;

// `wrk --version` prints its version and exits with 1; absent, spawning it fails.
const hasWrk =
  spawnSync('wrk', ['--version'], { encoding: 'utf8' }).stdout?.startsWith('wrk') === true;
const useWrk = hasWrk && process.env.BENCH_LOAD !== 'node';

/** Which tool drives the load, for the benchmark's output. */
export const loadTool = useWrk
  ? 'wrk (one thread)'
  : hasWrk
    ? 'the Node load client (BENCH_LOAD=node)'
    : 'the Node load client (wrk is not installed; apt-get install wrk)';

type TWrkSummary = {
  responses: number;
  not2xx: number;
  socketErrors: number;
  us: number;
  p50: number;
  p99: number;
};

async function wrk(spec: TLoadSpec): Promise<TLoad> {
  const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  const headers = { ...(body ? { 'content-type': 'application/json' } : {}), ...spec.headers };
  const { stdout } = await run(
    'wrk',
    [
      // One thread answers tens of thousands of requests a second: the second core stays with
      // the server. A slow answer is waited for and measured rather than counted as a timeout.
      '-t1',
      `-c${spec.callers}`,
      `-d${spec.seconds}s`,
      '--timeout',
      '120s',
      '-s',
      path.join(root, 'bench/support/wrk-load.lua'),
      ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
      spec.url,
    ],
    {
      env: { ...process.env, WRK_METHOD: spec.method, ...(body ? { WRK_BODY: body } : {}) },
      maxBuffer: 1 << 20,
    },
  );
  const summary = JSON.parse(lastLine(stdout)) as TWrkSummary;
  const answered = summary.responses - summary.not2xx;
  // wrk's latency histogram holds every response; failures are rare here, and counted.
  return {
    answered,
    failures: summary.not2xx + summary.socketErrors,
    perSecond: answered / (summary.us / 1e6),
    p50: summary.p50,
    p99: summary.p99,
  };
}

async function nodeClient(spec: TLoadSpec): Promise<TLoad> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'bench/support/load-client.ts', JSON.stringify(spec)],
    { cwd: root, maxBuffer: 1 << 20 },
  );
  return JSON.parse(lastLine(stdout)) as TLoad;
}

export const load = (spec: TLoadSpec): Promise<TLoad> => (useWrk ? wrk(spec) : nodeClient(spec));
