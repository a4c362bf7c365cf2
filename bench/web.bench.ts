/**
 * `npm run bench:web`: what a first visit costs. For `/login` (signed out), `/` and
 * `/constructor` (signed in), every file the page loads from a cold cache, in the bytes the
 * server sends brotli- and gzip-compressed against the same files uncompressed; then
 * Lighthouse's desktop performance audit of `/login`, against a static sign-in form with no
 * script served from the same machine in the same run (the floor of the measurement).
 * Goals: `/login` at most 150 KiB of gzipped JavaScript; Lighthouse score at least 95 and total
 * blocking time at most 100 ms.
 */
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import {
  launchForLighthouse,
  lighthouseDesktop,
  serveBareSignIn,
  type TLighthouseResult,
} from './support/lighthouse';
import { startFlowsmith, type TFlowsmithServer } from './support/flowsmith-server';
import { median } from './support/measure';
import { kindOf, sizesOf, type TKind, type TSizes } from './support/transfer';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOGIN_JS_GZIP_GOAL_KIB = 150;
const SCORE_GOAL = 95;
const TBT_GOAL_MS = 100;
const PASSWORD = 'correct horse battery staple';
const KINDS: TKind[] = ['js', 'css', 'font', 'html', 'other'];

type TStorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A verified, signed-in user with one project; answers the cookies and the project. */
async function signIn(server: TFlowsmithServer, browser: Browser) {
  const context = await browser.newContext();
  const post = (path: string, data: unknown) =>
    // The server takes changes only from its own origin, as the app sends them.
    context.request.post(`${server.url}${path}`, { data, headers: { origin: server.url } });
  const email = `bench-web-${Date.now().toString(36)}@example.com`;
  await post('/api/auth/register', { email, password: PASSWORD, name: 'Bench' });
  await post('/api/auth/verify-email', { token: await server.verificationToken(email) });
  const login = await post('/api/auth/login', { email, password: PASSWORD });
  if (!login.ok()) throw new Error(`login: ${await login.text()}`);
  const project = (await (await post('/api/projects', { name: 'Bench web' })).json()) as {
    id: string;
  };
  const state = await context.storageState();
  await context.close();
  return { state, projectId: project.id };
}

/** Set by the app (app/shell/use-page-settled.ts) once the first screen is up and idle. */
const SETTLED_MARK = 'flowsmith:settled';

type TFile = { kind: TKind; deferred: boolean };

/**
 * The web app's files a first visit to `url` loads (no service worker, empty cache), each
 * marked `deferred` when the app asked for it only after its first screen had settled.
 */
async function filesLoaded(browser: Browser, url: string, state?: TStorageState) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    ...(state ? { storageState: state } : {}),
  });
  const page = await context.newPage();
  const kinds = new Map<string, TKind>();
  const origin = new URL(url).origin;
  page.on('response', (response) => {
    const fileUrl = response.url();
    const { pathname } = new URL(fileUrl);
    // API answers and realtime are data, not the app; redirects carry no body.
    const data = pathname.startsWith('/api/') || pathname.startsWith('/socket.io/');
    if (!fileUrl.startsWith(origin) || data || response.status() !== 200) return;
    kinds.set(fileUrl, kindOf(fileUrl, response.request().resourceType()));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, SETTLED_MARK);
  const startTimes = await page.evaluate((mark) => {
    const settledAt = performance.getEntriesByName(mark)[0]!.startTime;
    return {
      settledAt,
      resources: performance
        .getEntriesByType('resource')
        .map((entry) => [entry.name, entry.startTime] as [string, number]),
    };
  }, SETTLED_MARK);
  await context.close();
  const startOf = new Map(startTimes.resources);
  const files = new Map<string, TFile>();
  for (const [fileUrl, kind] of kinds) {
    const start = startOf.get(fileUrl) ?? 0;
    files.set(fileUrl, { kind, deferred: start >= startTimes.settledAt });
  }
  return files;
}

type TRouteBytes = Record<TKind, TSizes>;

function byKind(files: Map<string, TFile>, sizes: Map<string, TSizes>, deferred: boolean) {
  const totals = Object.fromEntries(
    KINDS.map((kind) => [kind, { identity: 0, gzip: 0, br: 0 }]),
  ) as TRouteBytes;
  for (const [url, file] of files) {
    if (file.deferred !== deferred) continue;
    const size = sizes.get(url)!;
    totals[file.kind].identity += size.identity;
    totals[file.kind].gzip += size.gzip;
    totals[file.kind].br += size.br;
  }
  return totals;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(12);

function reportBytes(route: string, bytes: TRouteBytes) {
  console.log(`\n${route}`);
  console.log('            uncompressed        gzip      brotli   brotli/uncompressed');
  const sum = { identity: 0, gzip: 0, br: 0 };
  for (const kind of KINDS) {
    const size = bytes[kind];
    if (size.identity === 0) continue;
    sum.identity += size.identity;
    sum.gzip += size.gzip;
    sum.br += size.br;
    console.log(
      `  ${kind.padEnd(6)}${kib(size.identity)}${kib(size.gzip)}${kib(size.br)}${(size.br / size.identity).toFixed(2).padStart(12)}`,
    );
  }
  console.log(
    `  total ${kib(sum.identity)}${kib(sum.gzip)}${kib(sum.br)}${(sum.br / sum.identity).toFixed(2).padStart(12)}`,
  );
}

async function main() {
  const server = await startFlowsmith();
  const bare = await serveBareSignIn();
  let browser: Browser | undefined;
  let lighthouseBrowser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const { state, projectId } = await signIn(server, browser);
    const routes: Array<[string, string, TStorageState | undefined]> = [
      ['/login (signed out)', `${server.url}/login`, undefined],
      ['/ (signed in)', `${server.url}/`, state],
      [
        '/constructor (signed in, one project)',
        `${server.url}/constructor?projectId=${projectId}`,
        state,
      ],
    ];
    console.log('\nWeb delivery: the files of a first visit, as sent, against uncompressed');
    let loginJsGzip = 0;
    for (const [name, url, storage] of routes) {
      const files = await filesLoaded(browser, url, storage);
      const sizes = await sizesOf([...files.keys()]);
      const first = byKind(files, sizes, false);
      reportBytes(`${name}: first load`, first);
      reportBytes(`${name}: loaded once the page has settled`, byKind(files, sizes, true));
      if (name.startsWith('/login')) loginJsGzip = first.js.gzip;
    }
    const loginGoal = loginJsGzip / 1024 <= LOGIN_JS_GZIP_GOAL_KIB ? 'met' : 'NOT met';
    console.log(
      `\n/login first load, JavaScript gzipped: ${(loginJsGzip / 1024).toFixed(1)} KiB (goal ≤ ${LOGIN_JS_GZIP_GOAL_KIB} KiB: ${loginGoal})`,
    );

    const launched = await launchForLighthouse();
    lighthouseBrowser = launched.browser;
    const app: TLighthouseResult[] = [];
    const floor: TLighthouseResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      app.push(await lighthouseDesktop(`${server.url}/login`, launched.port));
      floor.push(await lighthouseDesktop(bare.url, launched.port));
    }
    const row = (name: string, results: typeof app) => {
      const score = median(results.map((r) => r.score));
      const tbt = median(results.map((r) => r.totalBlockingTimeMs));
      const fcp = median(results.map((r) => r.firstContentfulPaintMs));
      const lcp = median(results.map((r) => r.largestContentfulPaintMs));
      console.log(
        `${name.padEnd(26)}${String(score).padStart(6)}${tbt.toFixed(0).padStart(10)}${fcp.toFixed(0).padStart(10)}${lcp.toFixed(0).padStart(10)}`,
      );
      return { score, tbt };
    };
    console.log(`\nLighthouse, desktop, median of ${RUNS} runs`);
    console.log('                           score  TBT (ms)  FCP (ms)  LCP (ms)');
    const floorRow = row('static sign-in form', floor);
    const appRow = row('Flowsmith /login', app);
    console.log(
      `ratio (Flowsmith / static): score ${(appRow.score / floorRow.score).toFixed(2)}; ` +
        `goals: score ≥ ${SCORE_GOAL} ${appRow.score >= SCORE_GOAL ? 'met' : 'NOT met'}, ` +
        `TBT ≤ ${TBT_GOAL_MS} ms ${appRow.tbt <= TBT_GOAL_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await lighthouseBrowser?.close();
    await browser?.close();
    await bare.close();
    await server.stop();
  }
}

await main();
