import type { Page } from '@playwright/test';
import { expect, test } from './support/flowsmith.fixture';
import { createProject } from './constructor-helpers';

test.use({ signedInAs: 'Ada Lovelace' });

const menu = (page: Page, name: string) =>
  page.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name });
const picker = (page: Page) =>
  page.locator('.p-dropdown').filter({ has: page.getByRole('textbox', { name: 'Project' }) });

test('the current project follows the user across screens and is switched from any of them', async ({
  page,
}) => {
  await createProject(page.request, 'Alpha');
  const beta = await createProject(page.request, 'Beta');

  // Opening a project makes it current; every screen working in a project then shows it.
  await page.goto(`/constructor?projectId=${beta}`);
  await expect(page.locator('.react-flow__renderer')).toBeVisible();
  await menu(page, 'Custom AI').click();
  await expect(picker(page).locator('.p-dropdown-label')).toHaveText('Beta');
  await expect(page).toHaveURL(new RegExp(`projectId=${beta}`));
  await menu(page, 'Database').click();
  await expect(picker(page).locator('.p-dropdown-label')).toHaveText('Beta');
  await menu(page, 'Constructor').click();
  await expect(page.getByText('No workflow open')).toHaveCount(0);
  await expect(picker(page).locator('.p-dropdown-label')).toHaveText('Beta');
  await expect(page.locator('.react-flow__renderer')).toBeVisible();

  // Switching on one screen switches them all, and a reload keeps it.
  await picker(page).click();
  await page.getByRole('option', { name: 'Alpha' }).click();
  await expect(picker(page).locator('.p-dropdown-label')).toHaveText('Alpha');
  await menu(page, 'Database').click();
  await expect(picker(page).locator('.p-dropdown-label')).toHaveText('Alpha');
  await page.goto('/custom-ai');
  await expect(picker(page).locator('.p-dropdown-label')).toHaveText('Alpha');
  await page.reload();
  await expect(picker(page).locator('.p-dropdown-label')).toHaveText('Alpha');
});
