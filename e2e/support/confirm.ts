import type { Page } from '@playwright/test';

/** Answers the confirmation dialog of that title with its button of that name. */
export async function confirmWith(page: Page, dialog: string, button: string) {
  await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: button }).click();
}
