import type { Response } from '@playwright/test';
import { expect, test } from './support/flowsmith.fixture';

test('the sign-in page arrives compressed and cached by kind, without zod, the realtime client or source maps', async ({
  page,
  request,
}) => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  const shell = await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  expect(shell!.headers()['content-encoding']).toBe('br');
  expect(shell!.headers()['cache-control']).toBe('no-cache');
  const buildId = await page.locator('meta[name="flowsmith-build"]').getAttribute('content');
  const latest = await request.get('/builds/latest.json');
  expect(latest.headers()['cache-control']).toBe('no-cache');
  expect((await latest.json()).id).toBe(buildId);

  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const url = script.url();
    expect(script.headers()['content-encoding'], url).toBe('br');
    expect(script.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
    const code = await script.text();
    // Loaded only where they are needed: zod when a form is validated, socket.io once signed in.
    expect(code, url).not.toContain('ZodError');
    expect(code, url).not.toContain('/socket.io');
    expect(code, url).not.toContain('sourceMappingURL');
    expect((await request.get(`${url}.map`)).status(), `${url}.map`).toBe(404);
  }
});
