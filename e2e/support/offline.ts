import type { Page } from '@playwright/test';

/** Waits until the service worker has cached the app, so a reload offline still opens it. */
export async function appCachedForOffline(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}
