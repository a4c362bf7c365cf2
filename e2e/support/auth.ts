import type { Browser, Page } from '@playwright/test';
import { expect } from './flowsmith.fixture';

export const PASSWORD = 'correct horse battery staple';

let counter = 0;
/** An address no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function register(page: Page, email: string, name: string) {
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/check your inbox/i)).toBeVisible();
}

export async function signIn(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Registers through the UI, follows the mailed link and signs in. */
export async function signUpAndIn(
  page: Page,
  verificationLink: (email: string) => Promise<string>,
  name = 'Ada Lovelace',
) {
  const email = uniqueEmail();
  await register(page, email, name);
  await page.goto(await verificationLink(email));
  await expect(page.getByText(/verified/i).first()).toBeVisible();
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  return email;
}

/** A second person, in a browser context of their own: registered and verified, not signed in. */
export async function verifiedUserElsewhere(
  browser: Browser,
  flowsmith: { url: string; verificationLink(email: string): Promise<string> },
  name: string,
) {
  const email = uniqueEmail('other');
  const context = await browser.newContext({ baseURL: flowsmith.url });
  const page = await context.newPage();
  await register(page, email, name);
  await page.goto(await flowsmith.verificationLink(email));
  await expect(page.getByText(/verified/i).first()).toBeVisible();
  return { email, context, page };
}
