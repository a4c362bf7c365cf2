import type { Locator, Page } from '@playwright/test';

/** A PrimeReact dropdown's own input is visually hidden; its box takes the click. */
export const dropdownOf = (scope: Page | Locator, inputId: string) =>
  scope.locator(`.p-dropdown:has(#${inputId})`);

export async function pickOption(page: Page, inputId: string, option: string) {
  await dropdownOf(page, inputId).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}
