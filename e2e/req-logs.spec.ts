import type { Page } from '@playwright/test';
import { expect, test } from './support/flowsmith.fixture';
import { createEchoWorkflow, runWorkflow } from './support/workflows';

test.use({ signedInAs: 'Lena Logs' });

const logTable = (page: Page) => page.getByRole('table', { name: 'AI requests' });
const totals = (page: Page) => page.getByRole('region', { name: 'Totals' });

test('model calls appear in the request log, live, with details and filters', async ({ page }) => {
  await page.goto('/req-logs');
  await expect(page.getByRole('heading', { name: 'No AI requests yet' })).toBeVisible();

  const workflow = await createEchoWorkflow(page.request, 'Echo lab');
  const firstRun = await runWorkflow(page.request, workflow, 'hello');
  await page.reload();

  const rows = logTable(page).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('Echo lab');
  // The model by its label, not its id.
  await expect(row).toContainText('Echo (built-in, offline)');
  await expect(row).toContainText('Succeeded');
  // The tokens shown are the ones logged for the call.
  const logged = (await (await page.request.get('/api/req_logs')).json()) as {
    items: Array<{ inputTokens: number; outputTokens: number; prompt: string; response: string }>;
  };
  const [call] = logged.items;
  expect(call!.inputTokens).toBeGreaterThan(0);
  await expect(row.locator('td').nth(4)).toHaveText(String(call!.inputTokens));
  await expect(row.locator('td').nth(5)).toHaveText(String(call!.outputTokens));
  await expect(totals(page)).toContainText('1none failed');

  // The drawer shows the whole call and links to its run.
  await row.click();
  const drawer = page.getByRole('complementary', { name: 'Request details' });
  await expect(drawer.getByRole('heading', { name: 'Model call' })).toBeVisible();
  await expect(drawer.locator('pre').first()).toHaveText(call!.prompt);
  await expect(drawer.locator('pre').first()).toContainText('hello');
  await expect(drawer.locator('pre').nth(1)).toHaveText(call!.response);
  await expect(drawer.locator('pre').nth(1)).toContainText('Echo:');
  await expect(drawer.getByRole('button', { name: 'Copy prompt' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: /Open run/ })).toHaveAttribute(
    'href',
    `/constructor?projectId=${workflow.projectId}&runId=${firstRun}`,
  );
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Filters live in the URL; a succeeded call is not among the failed ones.
  const status = page.getByRole('group', { name: 'Status' });
  await status.getByText('Failed', { exact: true }).click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(
    page.getByRole('heading', { name: 'No requests match these filters' }),
  ).toBeVisible();
  await expect(totals(page)).toContainText('Requests0');
  await page.goBack();
  await expect(rows).toHaveCount(1);

  // A call made while the page is open joins the top of the list and the totals.
  await runWorkflow(page.request, workflow, 'second question');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Echo lab');
  await rows.first().click();
  await expect(drawer.locator('pre').first()).toContainText('second question');
  await page.keyboard.press('Escape');
  await expect(totals(page).getByText('Requests')).toBeVisible();
  await expect(totals(page)).toContainText('Requests2');

  // The project filter keeps the rows of the one project there is.
  // The dropdown's own input is visually hidden; its box takes the click.
  await page.locator('.req-logs-filters__project').click();
  await page.getByRole('option', { name: 'Echo lab' }).click();
  await expect(page).toHaveURL(new RegExp(`projectId=${workflow.projectId}`));
  await expect(rows).toHaveCount(2);

  // Dates: a rolling preset, then a range picked in the calendar (today to today).
  await page.getByRole('group', { name: 'Quick ranges' }).getByText('Last 24 h').click();
  await expect(page).toHaveURL(/range=24h/);
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Date range').click();
  const today = page.locator('.p-datepicker-today > span');
  await today.click();
  await today.click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
  await expect(page).not.toHaveURL(/range=/);
  await expect(rows).toHaveCount(2);
});
