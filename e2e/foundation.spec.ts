import { expect, test } from './support/flowsmith.fixture';
import { registerVerified, signIn, signUpAndIn, uniqueEmail } from './support/auth';

test('a newcomer registers, verifies through the mailed link, signs in and reaches the dashboard', async ({
  page,
  flowsmith,
}) => {
  const email = await registerVerified(page, flowsmith, 'Grace Hopper', 'newcomer');

  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(`${flowsmith.url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Grace');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Projects' })).toBeVisible();
});

test('shows field messages from the form and from the server', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Name').fill('Short Password');
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await expect(page.getByText(/at least 12 characters/)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  await page.goto('/login');
  await signIn(page, uniqueEmail('nobody'));
  await expect(page.getByText('Wrong e-mail or password')).toBeVisible();
});

test('an anonymous visit to /project lands on /login and returns there after sign-in', async ({
  page,
  flowsmith,
}) => {
  const email = await registerVerified(page, flowsmith, 'Returning User', 'returning');

  await page.context().clearCookies();
  await page.goto('/project');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fproject$/);
  await signIn(page, email);
  await expect(page).toHaveURL(`${flowsmith.url}/project`);
});

test('an unknown route shows "Page not found" with the status message as title', async ({
  page,
}) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Not Found');
});

test('dark mode survives a reload, and signing out ends the session', async ({
  page,
  flowsmith,
}) => {
  await signUpAndIn(page, flowsmith.verificationLink);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Toggle dark mode' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('app-state') ?? '{}'));
  expect(stored.state).toMatchObject({ theme: 'lara-light-indigo', dark: true });

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fsettings$/);
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(401);
});

test('the realtime connection opens after sign-in', async ({ page, flowsmith }) => {
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await signUpAndIn(page, flowsmith.verificationLink);
  await expect.poll(() => logs.some((line) => line.includes('[realtime] connected'))).toBe(true);
  const cookies = await page.context().cookies();
  const names = cookies.map((cookie) => cookie.name);
  expect(names).toEqual(expect.arrayContaining(['token', 'wsToken', 'wsInfo']));
});
