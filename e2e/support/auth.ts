import { expect, type Browser, type Page } from '@playwright/test';

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

/**
 * Registers a new address (`prefix-…`) through the UI and follows the mailed link, leaving the
 * user signed out; resolves to the address.
 */
export async function registerVerified(
  page: Page,
  mail: { verificationLink: (email: string) => Promise<string> },
  name: string,
  prefix = 'user',
) {
  const email = uniqueEmail(prefix);
  await register(page, email, name);
  await page.goto(await mail.verificationLink(email));
  await expect(page.getByText(/verified/i).first()).toBeVisible();
  return email;
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
  const email = await registerVerified(page, { verificationLink }, name);
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  return email;
}

/** Another person with a browser context of their own: registered, verified, signed out. */
export async function otherPerson(
  browser: Browser,
  flowsmith: { url: string; verificationLink: (email: string) => Promise<string> },
  prefix: string,
  name: string,
) {
  const context = await browser.newContext({ baseURL: flowsmith.url });
  const page = await context.newPage();
  const email = await registerVerified(page, flowsmith, name, prefix);
  return { context, page, email };
}
