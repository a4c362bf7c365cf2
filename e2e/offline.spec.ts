import type { APIRequestContext, Page } from '@playwright/test';
import { postFromApp } from './support/api';
import { expect, test } from './support/flowsmith.fixture';
import { appCachedForOffline } from './support/offline';
import { createProject } from './constructor-helpers';

test.use({ signedInAs: 'Sally Saved' });

async function create(request: APIRequestContext, path: string, data: unknown) {
  const response = await postFromApp(request, path, data);
  expect(response.status(), await response.text()).toBe(201);
}

/** What the app keeps in IndexedDB (idb-keyval's default store), by key. */
function saved(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve({});
          const store = db.transaction('keyval').objectStore('keyval');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () =>
            resolve(
              Object.fromEntries(
                keys.result.map((key, i) => [String(key), String(values.result[i])]),
              ),
            );
          values.onerror = () => reject(values.error);
        };
      }),
  );
}

/** Waits until the saved queries hold `text` (saving trails the last change by a second). */
const savedHas = (page: Page, text: string) =>
  expect.poll(async () => Object.values(await saved(page)).join()).toContain(text);

const notice = (page: Page) => page.getByTestId('saved-data-notice');

test('offline: a reload shows the lists loaded before and says they are saved; back online they refresh, and signing out forgets them', async ({
  page,
}) => {
  await appCachedForOffline(page);
  const projectId = await createProject(page.request, 'Lighthouse keeping');
  await create(page.request, '/api/custom_ais', { projectId, name: 'Tide helper' });
  await create(page.request, '/api/node_databases', { projectId, name: 'Ship log' });

  await page.goto(`/custom-ai?projectId=${projectId}`);
  await expect(page.getByText('Tide helper')).toBeVisible();
  await savedHas(page, 'Tide helper');
  await page.goto(`/database?projectId=${projectId}`);
  await expect(page.getByText('Ship log').first()).toBeVisible();
  await savedHas(page, 'Ship log');
  await page.goto('/');
  await expect(page.getByTestId('recent-project')).toContainText('Lighthouse keeping');
  await savedHas(page, 'recentProjects');
  await page.goto('/project');
  await expect(page.getByText('Lighthouse keeping')).toBeVisible();
  // The projects table's own query, not just any paged list saved on an earlier screen.
  await savedHas(page, '["projects","list","page"');
  // One user's saved queries, under their own key; earlier pages' queries are kept.
  expect(Object.keys(await saved(page))).toHaveLength(1);
  await savedHas(page, 'Tide helper');

  await page.context().setOffline(true);
  await page.reload();
  await expect(notice(page)).toContainText('Offline — showing saved data');
  await expect(page.getByText('Lighthouse keeping')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cannot reach Flowsmith' })).toHaveCount(0);
  await page.goto(`/custom-ai?projectId=${projectId}`);
  await expect(page.getByText('Tide helper')).toBeVisible();
  await page.goto(`/database?projectId=${projectId}`);
  await expect(page.getByText('Ship log').first()).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('recent-project')).toContainText('Lighthouse keeping');
  await expect(notice(page)).toBeVisible();

  // Back online, the data is live again without a reload.
  await page.context().setOffline(false);
  await expect(notice(page)).toBeHidden();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(async () => Object.keys(await saved(page))).toEqual([]);
});
