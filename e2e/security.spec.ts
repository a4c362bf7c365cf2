import type { Page } from '@playwright/test';
import { docNode, projectWithGraph } from './constructor-helpers';
import { postFromApp } from './support/api';
import { signUpAndIn } from './support/auth';
import { expect, test } from './support/flowsmith.fixture';

/** Everything the Content Security Policy refuses on a page, as the browser reports it. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Refused to use ${event.blockedURI} (${event.violatedDirective}) at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} on ${location.pathname}`,
      );
    });
  });
  return violations;
}

test('the built app runs under its Content Security Policy on every screen', async ({
  page,
  flowsmith,
}) => {
  const violations = watchViolations(page);
  const shell = await page.goto('/login');
  const policy = shell!.headers()['content-security-policy'];
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
  expect(shell!.headers()['x-frame-options']).toBe('DENY');
  expect(shell!.headers()['x-content-type-options']).toBe('nosniff');

  await signUpAndIn(page, flowsmith.verificationLink);
  const projectId = await projectWithGraph(page.request, 'Under policy', [
    docNode('a', 'input', 0, 'Question'),
  ]);
  for (const [path, heading] of [
    ['/project', 'Projects'],
    [`/constructor?projectId=${projectId}`, null],
    ['/database', null],
    ['/custom-ai', null],
    ['/req-logs', null],
    ['/settings', null],
    ['/documentation', null],
  ] as const) {
    await page.goto(path);
    if (heading) await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // The dark theme is set by the shell's own inline script before the first paint.
  await page.evaluate(() =>
    localStorage.setItem('app-state', JSON.stringify({ state: { dark: true }, version: 0 })),
  );
  await page.goto('/project');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The service worker registers from the app's own origin.
  await expect
    .poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())))
    .toBe(true);
  expect(violations).toEqual([]);
});

test('another site cannot make changes with the session cookie', async ({ page, flowsmith }) => {
  await signUpAndIn(page, flowsmith.verificationLink);
  const foreign = await page.request.post('/api/projects', {
    data: { name: 'Forged' },
    headers: { origin: 'http://127.0.0.1:1' },
  });
  expect(foreign.status()).toBe(403);
  expect((await foreign.json()).error.code).toBe('forbidden');
  const own = await postFromApp(page.request, '/api/projects', { name: 'Mine' });
  expect(own.status()).toBe(201);
});
