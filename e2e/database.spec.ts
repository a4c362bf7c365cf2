import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { postFromApp } from './support/api';
import { pickOption } from './support/dropdown';
import { expect, test } from './support/flowsmith.fixture';

test.use({ signedInAs: 'Ada Lovelace' });

type TId = { id: string };

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await postFromApp(request, path, data);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

const csvFile = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text, 'utf8'),
});

const GOOD_CSV = [
  'key,value,type',
  'city,Paris,text',
  'population,2100000,number',
  'capital,true,boolean',
  'meta,"{""lang"":""fr""}",json',
  'founded,1889-03-31,date',
].join('\n');

const BAD_CSV = ['key,value,type', 'river,Seine,text', 'area,large,number'].join('\n');

/** A group whose database node feeds an echo model whose answer is stored back in the database. */
async function buildStoringWorkflow(
  request: APIRequestContext,
  projectId: string,
  databaseId: string,
) {
  const group = await post<TId & { nodeId: string }>(request, '/api/node_groups', {
    projectId,
    name: 'Flow',
    type: 'ai_group',
  });
  const node = (type: string, title: string, params: Record<string, unknown>) =>
    post<TId>(request, '/api/nodes', {
      projectId,
      type,
      parentId: group.nodeId,
      data: { title, params },
    });
  const db = await node('database', 'Facts', { databaseId, mode: 'all', format: 'text' });
  const ai = await node('ai_processor', 'Echo', { model: 'echo', template: 'Facts: {{input}}' });
  const storage = await node('request_storage', 'Store', {
    databaseId,
    keyTemplate: 'answer-{{timestamp}}',
    valueType: 'text',
  });
  const connect = (source: string, sourceHandle: string, target: string, targetHandle: string) =>
    post(request, '/api/node_connections', {
      projectId,
      source,
      sourceHandle,
      target,
      targetHandle,
    });
  await connect(db.id, 'values', ai.id, 'input');
  await connect(ai.id, 'text', storage.id, 'value');
  return group.id;
}

test('a database is created, imported into, edited by hand, exported and written by a run', async ({
  page,
}) => {
  const project = await post<TId>(page.request, '/api/projects', { name: 'Paris facts' });

  // A new database from the list's dialog; Enter in the name saves.
  await page.goto('/database');
  await expect(page.getByRole('heading', { name: 'No databases in this project' })).toBeVisible();
  await page.getByRole('button', { name: 'New database' }).first().click();
  const form = page.getByRole('dialog', { name: 'New database' });
  await form.getByLabel('Name').fill('Facts');
  await form.getByLabel('Name').press('Enter');
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Facts', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No values yet' })).toBeVisible();
  await expect(page.getByText(/^Add one or import a CSV or JSON file/)).toBeVisible();
  await expect(page).toHaveURL(/databaseId=[0-9a-f-]{36}/);
  const databaseId = new URL(page.url()).searchParams.get('databaseId')!;

  // Import a CSV with a header and a type column: preview, guessed mapping, import.
  await page.getByRole('button', { name: 'Import' }).first().click();
  const importer = page.getByRole('dialog', { name: 'Import into Facts' });
  await importer.getByLabel('File to import').setInputFiles(csvFile('facts.csv', GOOD_CSV));
  const preview = importer.getByRole('table', { name: 'Preview of the first rows' });
  await expect(preview.getByRole('row', { name: /city/ })).toContainText('Paris');
  await expect(preview.getByRole('row', { name: /meta/ })).toContainText('{"lang":"fr"}');
  await expect(importer.getByLabel('Key column')).toHaveValue('key');
  await expect(importer.getByLabel('Value column')).toHaveValue('value');
  await expect(importer.getByLabel('Type column')).toHaveValue('type');
  await importer.getByRole('button', { name: 'Check file' }).click();
  await expect(importer.getByText('The file is fine: 5 rows can be imported.')).toBeVisible();
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importer).toBeHidden();
  await expect(page.getByText('5 values imported into Facts.')).toBeVisible();
  const values = page.getByRole('table', { name: 'Values' });
  await expect(values.getByRole('row', { name: /city/ })).toContainText('Paris');
  await expect(values.getByRole('row', { name: /population/ })).toContainText('Number');
  await expect(page.getByText('5 values', { exact: true })).toBeVisible();

  // A bad number: the report names the row and the reason, and nothing changes.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await importer.getByLabel('File to import').setInputFiles(csvFile('more.csv', BAD_CSV));
  await expect(importer.getByRole('table', { name: 'Preview of the first rows' })).toContainText(
    'large',
  );
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importer.getByText('1 of 2 rows has problems; nothing was imported')).toBeVisible();
  const problem = importer.getByRole('table', { name: 'Import problems' }).getByRole('row').nth(1);
  await expect(problem).toContainText('3');
  await expect(problem).toContainText('value');
  await expect(problem).toContainText('Must be a number');
  await importer.getByRole('button', { name: 'Close' }).first().click();
  await expect(importer).toBeHidden();
  await expect(values.getByRole('row', { name: /river/ })).toHaveCount(0);
  await expect(page.getByText('5 values', { exact: true })).toBeVisible();

  // A value by hand: bad JSON is caught next to the field before anything is sent.
  await page.getByRole('button', { name: 'Add value' }).click();
  const valueForm = page.getByRole('dialog', { name: 'Add value' });
  await valueForm.getByLabel('Key').fill('settings');
  await pickOption(page, 'value-type', 'JSON');
  await valueForm.getByLabel('Value').fill('{"theme": dark}');
  await valueForm.getByRole('button', { name: 'Save' }).click();
  await expect(valueForm.getByText('Must be valid JSON')).toBeVisible();
  await valueForm.getByLabel('Value').fill('{"theme":"dark"}');
  await valueForm.getByRole('button', { name: 'Format' }).click();
  await expect(valueForm.getByLabel('Value')).toHaveValue('{\n  "theme": "dark"\n}');
  await valueForm.getByRole('button', { name: 'Save' }).click();
  await expect(valueForm).toBeHidden();
  const settings = values.getByRole('row', { name: /settings/ });
  await expect(settings).toContainText('{"theme":"dark"}');
  await expect(settings).toContainText('JSON');

  // Export downloads every value as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Facts.csv');
  const exported = await readFile((await file.path())!, 'utf8');
  expect(exported.split(/\r?\n/)[0]).toBe('key,value,type');
  expect(exported).toContain('city,Paris,text');
  expect(exported).toContain('population,2100000,number');

  // A run reads the database and stores the model's answer back into it.
  const groupId = await buildStoringWorkflow(page.request, project.id, databaseId);
  const { run } = await post<{ run: TId }>(page.request, '/api/runs', {
    projectId: project.id,
    nodeGroupId: groupId,
    inputs: {},
  });
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/runs/${run.id}`);
        return ((await response.json()) as { status: string }).status;
      },
      { timeout: 30_000 },
    )
    .toBe('succeeded');
  await page.reload();
  await page.getByLabel('Search keys and values').fill('answer-');
  const answer = values.getByRole('row', { name: /answer-/ });
  await expect(answer).toHaveCount(1);
  await expect(answer.getByRole('cell').nth(1)).toHaveText(/^answer-/);
  await expect(answer.getByRole('cell').nth(2)).toHaveText(/^Echo: Facts:/);
  await expect(page).toHaveURL(/search=answer-/);
});

test('a long value is listed by its beginning, shown whole on request, and edited whole', async ({
  page,
}) => {
  const project = await post<TId>(page.request, '/api/projects', { name: 'Long texts' });
  const database = await post<TId>(page.request, '/api/node_databases', {
    projectId: project.id,
    name: 'Essays',
  });
  const essay = `${'All work and no play. '.repeat(200)}THE END`;
  await post(page.request, '/api/database_values', {
    nodeDatabaseId: database.id,
    key: 'essay',
    value: essay,
  });

  await page.goto(`/database?projectId=${project.id}&databaseId=${database.id}`);
  const row = page.getByRole('table', { name: 'Values' }).getByRole('row', { name: /essay/ });
  await row.getByRole('button', { name: /expand/i }).click();
  await expect(page.getByText('The first 1,000 of 4,407 characters.')).toBeVisible();
  await expect(page.getByText('THE END')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show all' }).click();
  await expect(page.getByText(/THE END$/)).toBeVisible();

  // The edit form gets the whole value, so saving keeps all of it.
  await row.getByRole('button', { name: 'Edit essay' }).click();
  const form = page.getByRole('dialog', { name: 'Edit value' });
  await expect(form.getByLabel('Value')).toHaveValue(essay);
  await form.getByLabel('Key').fill('essay-2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const stored = await page.request.get(`/api/database_values?nodeDatabaseId=${database.id}`);
  const [saved] = ((await stored.json()) as { items: Array<{ id: string; key: string }> }).items;
  expect(saved!.key).toBe('essay-2');
  const whole = await page.request.get(`/api/database_values/${saved!.id}`);
  expect(((await whole.json()) as { value: string }).value).toBe(essay);
});
