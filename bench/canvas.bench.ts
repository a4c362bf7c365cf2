/**
 * `npm run bench:canvas`: opens, in one headless Chromium run, the real constructor with a
 * 1,000-node / 1,000-edge project and a bare React Flow page with the same 1,000 default nodes
 * (drawing only those in view, as the constructor does), and compares load-to-interactive time
 * and frame rates while panning and while dragging a node.
 * Targets: frame rates at least 0.8 of the bare page's, load time at most 1.5 times its.
 */
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { serveBarePage } from './bare/serve-bare';
import { BENCH_VIEWPORT, NODE_COUNT, benchGraph } from './graph-shape';
import { startFlowsmith, type TFlowsmithServer } from './support/flowsmith-server';
import { loadTime, median, nodeDragFps, panFps, readyProbe } from './support/measure';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Frames without a node added or removed before a canvas counts as loaded. */
const SETTLE_FRAMES = 5;
const TARGET_FPS_RATIO = 0.8;
const TARGET_LOAD_RATIO = 1.5;
const PASSWORD = 'correct horse battery staple';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const VIEWPORT = { width: 1440, height: 900 };

type TResult = { load: number; fps: number; dragFps: number };

/** A verified user signed in within `context`, owning a project that holds the bench graph. */
async function prepareProject(server: TFlowsmithServer, context: BrowserContext) {
  const email = `bench-${Date.now().toString(36)}@example.com`;
  const post = (path: string, data: unknown) =>
    // The server takes changes only from its own origin, as the app sends them.
    context.request.post(`${server.url}${path}`, { data, headers: { origin: server.url } });
  const registered = await post('/api/auth/register', { email, password: PASSWORD, name: 'Bench' });
  if (!registered.ok()) throw new Error(`register: ${await registered.text()}`);
  const token = await server.verificationToken(email);
  await post('/api/auth/verify-email', { token });
  const login = await post('/api/auth/login', { email, password: PASSWORD });
  if (!login.ok()) throw new Error(`login: ${await login.text()}`);
  const project = (await (await post('/api/projects', { name: 'Bench canvas' })).json()) as {
    id: string;
  };
  const graph = benchGraph();
  const handle = (name: string) => [{ name, label: name, type: 'text' }];
  const document = {
    format: 'flowsmith.graph',
    version: 1,
    nodes: graph.nodes.map((node) => ({
      id: node.id,
      type: 'ai_processor',
      position: { x: node.x, y: node.y },
      data: {
        title: node.label,
        params: { model: 'echo', template: '{{input}}', temperature: 0.7 },
      },
      inputs: handle('input'),
      outputs: handle('text'),
    })),
    edges: graph.edges.map((edge) => ({ ...edge, sourceHandle: 'text', targetHandle: 'input' })),
  };
  const imported = await post(`/api/projects/${project.id}/graph/import`, {
    graph: document,
    mode: 'copy',
  });
  if (imported.status() !== 201) throw new Error(`import: ${await imported.text()}`);
  return project.id;
}

async function measure(context: BrowserContext, url: string, setup?: string): Promise<TResult> {
  const page = await context.newPage();
  // tsx compiles with esbuild's keepNames, which wraps inner functions in `__name(...)`; the
  // probes are sent to the page as source, where that helper must exist too.
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await page.addInitScript(readyProbe, SETTLE_FRAMES);
  if (setup) await page.addInitScript(setup);
  await page.goto(url);
  const load = await loadTime(page).catch(async (error: unknown) => {
    const path = '/tmp/canvas-bench-failure.png';
    await page.screenshot({ path });
    const state = await page.evaluate(() => ({
      nodes: document.querySelectorAll('.react-flow__node').length,
      hidden: document.querySelectorAll('.react-flow__node[style*="visibility: hidden"]').length,
      url: location.href,
    }));
    throw new Error(`${url} never became ready (${JSON.stringify(state)}); see ${path}`, {
      cause: error,
    });
  });
  const fps = await panFps(page);
  const dragFps = await nodeDragFps(page);
  await page.close();
  return { load, fps, dragFps };
}

async function main() {
  const server = await startFlowsmith();
  const bare = await serveBarePage();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const appContext = await browser.newContext({ viewport: VIEWPORT });
    const projectId = await prepareProject(server, appContext);
    const bareContext = await browser.newContext({ viewport: VIEWPORT });
    // Both pages open on the same viewport; the app reads its last viewport from here.
    const sameViewport = `localStorage.setItem(${JSON.stringify(
      `flowsmith.viewport.${projectId}`,
    )}, ${JSON.stringify(JSON.stringify(BENCH_VIEWPORT))});`;
    const appUrl = `${server.url}/constructor?projectId=${projectId}`;

    // Warm-up: fills the HTTP cache and the server's first-query paths for both pages.
    await measure(appContext, appUrl, sameViewport);
    await measure(bareContext, bare.url);
    const app: TResult[] = [];
    const base: TResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      app.push(await measure(appContext, appUrl, sameViewport));
      base.push(await measure(bareContext, bare.url));
    }
    report(app, base);
  } finally {
    await browser?.close();
    await bare.close();
    await server.stop();
  }
}

function report(app: TResult[], base: TResult[]) {
  const of = (results: TResult[], key: keyof TResult) => median(results.map((r) => r[key]));
  const fixed = (value: number, digits = 0) => value.toFixed(digits).padStart(8);
  console.log(
    `\nCanvas benchmark: ${NODE_COUNT} nodes, ${NODE_COUNT} edges, median of ${RUNS} runs`,
  );
  console.log('                       load to interactive (ms)   pan (fps)   node drag (fps)');
  const row = (name: string, results: TResult[]) =>
    console.log(
      `${name.padEnd(23)}${fixed(of(results, 'load'))}                ${fixed(of(results, 'fps'), 1)}      ${fixed(of(results, 'dragFps'), 1)}`,
    );
  row('bare React Flow', base);
  row('Flowsmith constructor', app);
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const fpsRatio = of(app, 'fps') / of(base, 'fps');
  const dragRatio = of(app, 'dragFps') / of(base, 'dragFps');
  const loadRatio = of(app, 'load') / of(base, 'load');
  const fpsOk = fpsRatio >= TARGET_FPS_RATIO;
  const dragOk = dragRatio >= TARGET_FPS_RATIO;
  const loadOk = loadRatio <= TARGET_LOAD_RATIO;
  console.log(
    `pan frame rate ratio   ${fpsRatio.toFixed(2)} (target >= ${TARGET_FPS_RATIO}): ${verdict(fpsOk)}`,
  );
  console.log(
    `drag frame rate ratio  ${dragRatio.toFixed(2)} (target >= ${TARGET_FPS_RATIO}): ${verdict(dragOk)}`,
  );
  console.log(
    `load time ratio        ${loadRatio.toFixed(2)} (target <= ${TARGET_LOAD_RATIO}): ${verdict(loadOk)}`,
  );
  const runs = (results: TResult[]) =>
    results
      .map((r) => `${r.load.toFixed(0)}ms/${r.fps.toFixed(1)}fps/${r.dragFps.toFixed(1)}fps`)
      .join(', ');
  console.log(`runs (load/pan/drag): app ${runs(app)}; bare ${runs(base)}`);
  if (!fpsOk || !dragOk || !loadOk) process.exitCode = 1;
}

await main();
