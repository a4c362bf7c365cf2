import { startMcpTestServer } from '../apps/server/src/test/mcp-test-server';
import { expect, test } from './support/flowsmith.fixture';
import { confirmWith } from './support/confirm';

test.use({ signedInAs: 'Mia Mcp' });

const SECRET = 'Bearer e2e-never-shown-5c2a';

test('an MCP server is added with sealed headers and its tools enabled one by one', async ({
  page,
}) => {
  const mcp = await startMcpTestServer();
  try {
    await page.goto('/settings?tab=mcp-servers');
    await expect(page.getByRole('heading', { name: 'No MCP servers yet' })).toBeVisible();

    await page.getByRole('button', { name: 'Add MCP server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add MCP server' });
    await dialog.getByLabel('Name').fill('Test tools');
    await dialog.getByLabel('URL').fill(mcp.url);
    await dialog.getByLabel('Headers (optional)').fill('not a header');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Line 1: write it as Name: value')).toBeVisible();
    await dialog.getByLabel('Headers (optional)').fill(`Authorization: ${SECRET}`);
    await dialog.getByRole('button', { name: 'Save' }).click();

    // Added, it asks the server for its tools at once.
    const tools = page.getByRole('dialog', { name: 'Tools of Test tools' });
    await expect(tools.getByText('Says the text in capitals')).toBeVisible();
    await expect(tools.getByText('Adds two numbers')).toBeVisible();
    expect(mcp.headers.at(-1)!.authorization).toBe(SECRET);
    await tools.getByLabel(/shout/).check();
    await tools.getByRole('button', { name: 'Save' }).click();
    await expect(tools).toBeHidden();

    const row = page.getByRole('table', { name: 'MCP servers' }).getByRole('row', {
      name: /Test tools/,
    });
    await expect(row).toContainText('Authorization');
    await expect(row).toContainText('shout');
    await expect(page.getByText(SECRET)).toHaveCount(0);

    // Editing never shows the saved value; a blank field keeps it.
    await row.getByRole('button', { name: 'Edit Test tools' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Test tools' });
    await expect(edit.getByLabel('Headers (optional)')).toHaveValue('');
    await expect(edit.getByText(/Saved: Authorization/)).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Delete Test tools' }).click();
    await confirmWith(page, 'Delete MCP server', 'Delete');
    await expect(page.getByRole('heading', { name: 'No MCP servers yet' })).toBeVisible();
  } finally {
    await mcp.close();
  }
});
