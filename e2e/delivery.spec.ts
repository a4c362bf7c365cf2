import type { Response } from '@playwright/test';
import { expect, test } from './support/flowsmith.fixture';

const IMMUTABLE = 'public, max-age=31536000, immutable';

test('the sign-in page arrives compressed and cached by kind (scripts, styles, fonts), without zod, the realtime client or source maps', async ({
  page,
  request,
}) => {
  const scripts: Response[] = [];
  const styles: Response[] = [];
  const fonts: Response[] = [];
  page.on('response', (response) => {
    const kind = response.request().resourceType();
    if (kind === 'script') scripts.push(response);
    if (kind === 'stylesheet') styles.push(response);
    if (kind === 'font') fonts.push(response);
  });
  const shell = await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  expect(shell!.headers()['content-encoding']).toBe('br');
  expect(shell!.headers()['cache-control']).toBe('no-cache');
  const buildId = await page.locator('meta[name="flowsmith-build"]').getAttribute('content');
  const latest = await request.get('/builds/latest.json');
  expect(latest.headers()['cache-control']).toBe('no-cache');
  expect((await latest.json()).id).toBe(buildId);

  expect(styles.length).toBeGreaterThan(0);
  for (const style of styles) {
    expect(style.headers()['content-encoding'], style.url()).toBe('br');
    expect(style.headers()['cache-control'], style.url()).toBe(IMMUTABLE);
  }
  // Fonts are compressed already; they are cached like every hashed file.
  // With `font-display: swap` the page may show its text before the font has arrived.
  await expect.poll(() => fonts.length).toBeGreaterThan(0);
  for (const font of fonts) expect(font.headers()['cache-control'], font.url()).toBe(IMMUTABLE);

  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const url = script.url();
    expect(script.headers()['content-encoding'], url).toBe('br');
    expect(script.headers()['cache-control'], url).toBe(IMMUTABLE);
    const code = await script.text();
    // Loaded only where they are needed: zod when a form is validated, socket.io once signed in.
    expect(code, url).not.toContain('ZodError');
    expect(code, url).not.toContain('/socket.io');
    expect(code, url).not.toContain('sourceMappingURL');
    expect((await request.get(`${url}.map`)).status(), `${url}.map`).toBe(404);
  }
});

/** Issue 18: what the sign-in page needs before it settles, as the server sends it gzipped. */
const LOGIN_JS_GZIP_BUDGET_KIB = 150;
/** Set by the app (app/shell/use-page-settled.ts) once the first screen is up and idle. */
const SETTLED_MARK = 'flowsmith:settled';

test(`the sign-in page's first load stays within ${LOGIN_JS_GZIP_BUDGET_KIB} KiB of gzipped JavaScript`, async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, SETTLED_MARK);
  const scripts = await page.evaluate((mark) => {
    const settledAt = performance.getEntriesByName(mark)[0]!.startTime;
    return performance
      .getEntriesByType('resource')
      .filter(
        (entry) => entry.startTime < settledAt && new URL(entry.name).pathname.endsWith('.js'),
      )
      .map((entry) => entry.name);
  }, SETTLED_MARK);

  let gzipBytes = 0;
  for (const url of scripts) {
    const response = await request.get(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers()['content-encoding'], url).toBe('gzip');
    gzipBytes += Number(response.headers()['content-length']);
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(gzipBytes / 1024).toBeLessThanOrEqual(LOGIN_JS_GZIP_BUDGET_KIB);
});

test('the service worker is never cached, and its runtime is named by its content and cached for a year', async ({
  request,
}) => {
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const runtimes = [...(await worker.text()).matchAll(/workbox-[0-9a-f]{8,}/g)].map((m) => m[0]);
  expect(runtimes.length).toBeGreaterThan(0);
  for (const name of new Set(runtimes)) {
    const runtime = await request.get(`/${name}.js`);
    expect(runtime.status(), name).toBe(200);
    expect(runtime.headers()['cache-control'], name).toBe(IMMUTABLE);
  }
  for (const url of ['/manifest.webmanifest', '/favicon.svg']) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['cache-control'], url).toBe('no-cache');
  }
});
