import { pickOption } from './support/dropdown';
import { expect, test } from './support/flowsmith.fixture';
import { confirmWith } from './support/confirm';

test.use({ signedInAs: 'Sam Settings' });

const SECRET = 'sk-local-never-shown-7d1e';

test('provider keys are saved without ever showing the key, tested and deleted', async ({
  page,
}) => {
  await page.goto('/settings?tab=providers');
  await expect(page.getByRole('tab', { name: 'AI providers' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'No provider keys yet' })).toBeVisible();

  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add provider' });
  await pickOption(page, 'provider-kind', 'OpenAI-compatible');
  await dialog.getByLabel('Name').fill('Local Ollama');
  await dialog.getByLabel('API key').fill(SECRET);
  // The form asks for the base URL an OpenAI-compatible server needs before sending anything.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('An OpenAI-compatible server needs its base URL')).toBeVisible();
  await expect(dialog.getByText('e.g. http://localhost:11434/v1 for Ollama')).toHaveCount(0);
  await dialog.getByLabel('Base URL').fill('http://127.0.0.1:9/v1');
  await dialog.getByLabel('Models (optional)').fill('llama3');
  await dialog.getByLabel('Models (optional)').press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Provider keys' });
  const row = table.getByRole('row', { name: /Local Ollama/ });
  await expect(row).toContainText('OpenAI-compatible');
  await expect(row).toContainText('http://127.0.0.1:9/v1');
  await expect(row).toContainText('…7d1e');
  await expect(row).toContainText('llama3');
  await expect(page.getByText(SECRET)).toHaveCount(0);

  // Editing shows the hint, never the key; a blank key field keeps it.
  await row.getByRole('button', { name: 'Edit Local Ollama' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Local Ollama' });
  await expect(edit.getByLabel('API key')).toHaveValue('');
  await expect(edit.getByText('Leave blank to keep the saved key (…7d1e).')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Nothing listens on port 9: the test call fails and says why, in the row.
  await row.getByRole('button', { name: 'Test Local Ollama' }).click();
  await expect(row.getByRole('alert')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('alert')).not.toBeEmpty();

  await row.getByRole('button', { name: 'Delete Local Ollama' }).click();
  await confirmWith(page, 'Delete provider key', 'Delete');
  await expect(page.getByRole('heading', { name: 'No provider keys yet' })).toBeVisible();
});

test('an API key is shown once, works as a bearer token, and stops working when revoked', async ({
  page,
  request,
}) => {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=api-keys$/);

  await page.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'New API key' });
  await form.getByLabel('Name').fill('CI pipeline');
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: /API key “CI pipeline” created/ });
  await expect(shown.getByText(/shown only once/)).toBeVisible();
  const key = await shown.getByLabel('Your new API key').inputValue();
  expect(key).toMatch(/^fs_/);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  const row = page
    .getByRole('table', { name: 'API keys' })
    .getByRole('row', { name: /CI pipeline/ });
  await expect(row).toContainText(`${key.slice(0, 10)}…`);
  await expect(row).toContainText('Never');
  await expect(page.getByText(key)).toHaveCount(0);

  // `request` carries no session cookie: only the key signs these calls in.
  const withKey = { headers: { authorization: `Bearer ${key}` } };
  expect((await request.get('/api/projects', withKey)).status()).toBe(200);

  await row.getByRole('button', { name: 'Revoke CI pipeline' }).click();
  await confirmWith(page, 'Revoke API key', 'Revoke');
  await expect(page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();
  expect((await request.get('/api/projects', withKey)).status()).toBe(401);
});
