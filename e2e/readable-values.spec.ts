import { docNode, nodeOfKind, openCanvas, projectWithGraph } from './constructor-helpers';
import { dropdownOf } from './support/dropdown';
import { expect, test } from './support/flowsmith.fixture';

test.use({ signedInAs: 'Ada Lovelace' });

test('a node picks its model from a grouped list, refuses one that is not the user’s, and says where databases come from', async ({
  page,
}) => {
  const ai = docNode('ai', 'ai_processor', 0, 'Answerer', {
    inputs: [{ name: 'input', label: 'Input', type: 'text' }],
    outputs: [{ name: 'text', label: 'Text', type: 'text' }],
  });
  ai.data.params = { model: 'fake-chat', template: '{{input}}' };
  const db = docNode('db', 'database', 400, 'Facts');
  db.data.params = { mode: 'by_key', key: 'city', format: 'text' };
  const projectId = await projectWithGraph(page.request, 'Readable', [ai, db]);
  await openCanvas(page, projectId);

  // Select params read as their labels on the node.
  await expect(nodeOfKind(page, 'database').getByTestId('node-summary')).toHaveText(
    'no database chosen · The value of one key · city · Text, a line per value',
  );

  // A model id that names no provider is shown as it is, and refused on save next to the field.
  await page.getByRole('button', { name: 'Settings of Answerer' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI processor settings' });
  await expect(dropdownOf(dialog, 'param-model')).toContainText('fake-chat');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('fake-chat is not one of your models')).toBeVisible();

  // The list groups models by provider, the offline one built in.
  await dropdownOf(dialog, 'param-model').click();
  await expect(page.getByRole('option', { name: 'Echo (built-in, offline)' })).toBeVisible();
  await expect(page.locator('.p-dropdown-item-group', { hasText: 'Built in' })).toBeVisible();
  await page.getByRole('option', { name: 'Echo (built-in, offline)' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(nodeOfKind(page, 'ai_processor').getByTestId('node-summary')).toContainText(
    'Echo (built-in, offline)',
  );

  // Without a database in the project, the Database param says where to make one.
  await page.getByRole('button', { name: 'Settings of Facts' }).click();
  const dbDialog = page.getByRole('dialog', { name: 'Database settings' });
  const link = dbDialog.getByRole('link', { name: 'Create one in Database' });
  await expect(link).toHaveAttribute('href', `/database?projectId=${projectId}`);
  await expect(dbDialog.getByLabel('Database')).toHaveAccessibleDescription(/no databases yet/);
  // The Mode choices are the catalog's labels.
  await dropdownOf(dbDialog, 'param-mode').click();
  await expect(
    page.getByRole('option', { name: 'Values whose key contains a text' }),
  ).toBeVisible();
});

test('a UI field is asked for by its title, and connections are announced by node titles', async ({
  page,
}) => {
  // A field left without a name is known to runs by its id: people still see its title.
  const field = docNode('field', 'ui', 0, 'Your question', {
    outputs: [{ name: 'value', label: 'Value', type: 'text' }],
  });
  field.data.params = { label: 'Question' };
  const output = docNode('out', 'ai_output', 400, 'Reply', {
    inputs: [{ name: 'text', label: 'Text', type: 'text' }],
  });
  const projectId = await projectWithGraph(
    page.request,
    'Spoken',
    [field, output],
    [{ id: 'e1', source: 'field', sourceHandle: 'value', target: 'out', targetHandle: 'text' }],
  );
  await openCanvas(page, projectId);

  await expect(page.locator('.react-flow__edge')).toHaveAttribute(
    'aria-label',
    'Connection from Your question, Value, to Reply, Text',
  );

  await page.getByRole('button', { name: 'Run the whole canvas' }).click();
  const dialog = page.getByRole('dialog', { name: /^Run/ });
  await expect(dialog.getByLabel('Your question (Text)')).toBeVisible();
  await expect(dialog.getByText(/[0-9a-f]{8}-[0-9a-f]{4}/)).toHaveCount(0);
});

test('a whole-canvas run names the nodes that need attention first, and offers the workflows that can run', async ({
  page,
}) => {
  const group = { ...docNode('g', 'ai_group', 0, 'Greeter'), width: 700, height: 260 };
  const ask = {
    ...docNode('ask', 'input', 40, 'Name', {
      outputs: [{ name: 'value', label: 'Value', type: 'any' }],
    }),
    parentId: 'g',
  };
  ask.data.params = { name: 'name' };
  const facts = docNode('facts', 'database', 900, 'Facts');
  const projectId = await projectWithGraph(page.request, 'Checked', [group, ask, facts]);
  await openCanvas(page, projectId);

  await page.getByRole('button', { name: 'Run the whole canvas' }).click();
  const check = page.getByRole('dialog', { name: 'Some nodes need attention' });
  await expect(check.getByRole('list', { name: 'Nodes that need attention' })).toHaveText(
    /Facts: Database is required/,
  );
  await check.getByRole('button', { name: 'Run Greeter' }).click();
  const run = page.getByRole('dialog', { name: 'Run Greeter' });
  await expect(run.getByLabel('name (Text)')).toBeVisible();
  await run.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Run the whole canvas' }).click();
  await check.getByRole('button', { name: 'Open the settings of Facts' }).click();
  await expect(page.getByRole('dialog', { name: 'Database settings' })).toBeVisible();
});
