import { createServer as createHttpServer, type Server } from 'node:http';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Browser } from '@playwright/test';
import { freePort } from '../../apps/server/src/test/built-server';

export type TLighthouseResult = {
  score: number;
  totalBlockingTimeMs: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
};

/**
 * Headless Debian Chromium with a debugging port, for Lighthouse. Nothing it does reaches the
 * internet: background networking, updates and sync are off.
 */
export async function launchForLighthouse(): Promise<{ browser: Browser; port: number }> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
    ],
  });
  return { browser, port };
}

/** Lighthouse's desktop performance audit of one page (cold cache, simulated throttling). */
export async function lighthouseDesktop(url: string, port: number): Promise<TLighthouseResult> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    totalBlockingTimeMs: metric('total-blocking-time'),
    firstContentfulPaintMs: metric('first-contentful-paint'),
    largestContentfulPaintMs: metric('largest-contentful-paint'),
  };
}

const BARE_SIGN_IN = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0}
form{display:grid;gap:.75rem;width:20rem}input,button{padding:.6rem;font-size:1rem}</style></head>
<body><form><h1>Sign in</h1><label>E-mail <input type="email" name="email"></label>
<label>Password <input type="password" name="password"></label><button>Sign in</button></form>
</body></html>`;

/** The floor of the measurement: a static sign-in form, no script, served by node:http. */
export async function serveBareSignIn(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BARE_SIGN_IN);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
