import type { Page } from '@playwright/test';
import { expect, test } from './support/flowsmith.fixture';
import { postFromApp } from './support/api';

test.use({ signedInAs: 'Fran Free' });

async function openNewProject(page: Page, name: string) {
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  return dialog;
}

test('a Free user at the project limit buys Pro with 3 seats yearly and creates the project', async ({
  page,
}) => {
  // Free allows three projects.
  for (const name of ['One', 'Two', 'Three']) {
    const created = await postFromApp(page.request, '/api/projects', { name });
    expect(created.status()).toBe(201);
  }

  await page.goto('/project');
  const refused = await openNewProject(page, 'Fourth');
  await expect(
    refused.getByText(
      'The Free plan allows 3 projects; upgrade on the Subscribe page to create more',
    ),
  ).toBeVisible();
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(refused).toBeHidden();

  await page.goto('/subscribe');
  await expect(page.getByTestId('current-plan-name')).toHaveText('Free');
  await expect(page.getByRole('progressbar', { name: 'Projects: 3 of 3' })).toBeVisible();
  const pro = page.getByRole('article', { name: 'Pro' });
  await expect(pro).toContainText('20,000 model requests a month');
  await pro.getByRole('button', { name: 'Choose Pro' }).click();

  const dialog = page.getByRole('dialog', { name: 'Buy Pro' });
  await expect(dialog.getByText('From 1 to 1,000')).toBeVisible();
  const seats = dialog.getByLabel('Seats');
  // Typed key by key, as a person does: the total follows each keystroke.
  await seats.selectText();
  await seats.pressSequentially('3');
  await expect(dialog.getByTestId('purchase-total')).toContainText('$60.00 a month');
  await dialog.getByRole('button', { name: 'Yearly' }).click();
  await expect(dialog.getByTestId('purchase-total')).toContainText('$600.00 a year');
  await expect(dialog.getByTestId('purchase-total')).toContainText('you save $120.00');
  await dialog.getByRole('button', { name: 'Confirm and pay $600.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Pro is active')).toBeVisible();

  await expect(page.getByTestId('current-plan-name')).toHaveText('Pro');
  await expect(page.getByText(/3 seats, billed yearly\. Renews on/)).toBeVisible();
  const invoice = page.getByRole('table', { name: 'Invoices' }).getByRole('row').nth(1);
  await expect(invoice).toContainText('Pro');
  await expect(invoice).toContainText('$600.00');
  await expect(invoice).toContainText('paid');

  await page.goto('/project');
  const dialogAgain = await openNewProject(page, 'Fourth');
  await expect(dialogAgain).toBeHidden();
  await expect(page.getByRole('link', { name: 'Fourth' })).toBeVisible();
});
