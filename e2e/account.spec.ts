import { expect, test } from './support/flowsmith.fixture';
import { appCachedForOffline } from './support/offline';
import { PASSWORD, signIn, signUpAndIn } from './support/auth';

const NEW_PASSWORD = 'a brand new passphrase 42';
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('forgot password: the mailed link sets a new password once', async ({ page, flowsmith }) => {
  const email = await signUpAndIn(page, flowsmith.verificationLink, 'Fay Forgetful');
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  // This server has an SMTP server: no word of the server log.
  await expect(page.getByText(/server's output/)).toHaveCount(0);

  const link = await flowsmith.mailedLink(email, '/reset-password');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  // The old password no longer signs in; the new one does.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signIn(page, email);
  await expect(page.getByText('Wrong e-mail or password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This reset link is invalid, used or expired')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send me a new link' })).toBeVisible();
});

test('account settings: rename, a too-long name refused next to the field, and sessions', async ({
  page,
  flowsmith,
}) => {
  await signUpAndIn(page, flowsmith.verificationLink, 'Rita Rename');
  await page.goto('/settings');
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('x'.repeat(101));
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name must be at most 100 characters')).toBeVisible();
  await name.fill('Rita Renamed');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  // A file that only claims to be a picture is refused next to the field; a real one shows.
  const picture = page.getByLabel('Picture', { exact: true });
  await picture.setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg/>'),
  });
  await expect(page.getByText('This file is not a PNG picture')).toBeVisible();
  await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByText('Picture saved')).toBeVisible();
  await expect(page.locator('.topbar__avatar img')).toHaveAttribute(
    'src',
    /\/api\/users\/.+\/avatar\?v=/,
  );

  const sessions = page.getByRole('table', { name: 'Active sessions' });
  await expect(sessions.getByText('This browser')).toBeVisible();

  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('not my password at all');
  await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('The current password is not right')).toBeVisible();
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Password changed')).toBeVisible();
});

test('offline: lists say so instead of claiming to be empty, and recover when the network returns', async ({
  page,
  flowsmith,
}) => {
  await signUpAndIn(page, flowsmith.verificationLink, 'Otto Offline');
  await appCachedForOffline(page);
  await page.goto('/project');
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();

  await page.context().setOffline(true);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(page.getByText(/You are offline/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No API keys yet' })).toHaveCount(0);

  // A reload offline shows what was loaded before (the API keys were not) and says so.
  await page.reload();
  await expect(page.getByTestId('saved-data-notice')).toContainText('Offline — showing saved data');
  await expect(page.getByText(/You are offline/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No API keys yet' })).toHaveCount(0);

  // With nothing saved it cannot check the session: the error page says why and offers a retry.
  await page.evaluate(() => localStorage.removeItem('flowsmith.saved-queries-user'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cannot reach Flowsmith' })).toBeVisible();
  await expect(page).toHaveTitle('Network Error');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No API keys yet' })).toHaveCount(0);

  // Back online, the page loads by itself: no reload, no click.
  await page.context().setOffline(false);
  await expect(page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();
});
