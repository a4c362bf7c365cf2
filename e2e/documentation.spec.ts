import { expect, test } from './support/flowsmith.fixture';

test.use({ signedInAs: 'Hugo Help' });

test('the documentation search finds a node kind, and its page has a deep link', async ({
  page,
}) => {
  await page.getByRole('link', { name: 'Documentation' }).click();
  await expect(page.getByRole('heading', { name: 'Documentation', level: 1 })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search the documentation' }).fill('image output');
  const results = page.getByRole('list', { name: 'Search results' });
  await results.getByRole('link', { name: /^AI image output/ }).click();
  await expect(page).toHaveURL(/\/documentation\/nodes\/ai_image_output$/);
  const doc = page.getByTestId('node-doc');
  await expect(doc.getByRole('heading', { name: 'AI image output', level: 1 })).toBeVisible();
  await expect(doc.getByRole('heading', { name: 'Inputs' })).toBeVisible();
  await expect(doc.locator('pre')).toContainText('"type": "ai_image_output"');

  // Deep links load directly, guides too, and their links stay in the app.
  await page.goto('/documentation/api');
  await expect(page.getByRole('heading', { name: 'API and API keys', level: 1 })).toBeVisible();
  await expect(page.getByText('Authorization: Bearer $API_KEY').first()).toBeVisible();
  await page.goto('/documentation/getting-started');
  await page.getByRole('link', { name: 'Custom AIs and tools' }).last().click();
  await expect(page.getByRole('heading', { name: 'Custom AIs and tools', level: 1 })).toBeVisible();
  await page.goto('/documentation/no-such-guide');
  await expect(page.getByRole('heading', { name: 'No such page' })).toBeVisible();
});

test('a node settings dialog links to its kind in the node reference', async ({ page }) => {
  await page.getByTestId('template-question-answer').click();
  await expect(page).toHaveURL(/\/constructor\?projectId=/);
  await page.locator('.react-flow__node-ai_processor').getByTestId('node-settings-button').click();
  const help = page.getByRole('dialog').getByRole('link', { name: /Help: AI processor/ });
  await expect(help).toHaveAttribute('href', '/documentation/nodes/ai_processor');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), help.click()]);
  await expect(tab.getByRole('heading', { name: 'AI processor', level: 1 })).toBeVisible();
});
