import type { APIRequestContext } from '@playwright/test';
import { openCanvas } from './constructor-helpers';
import { signUpAndIn } from './support/auth';
import { expect, test } from './support/flowsmith.fixture';
import { post, type TId } from './support/workflows';

const settingsOf = async (request: APIRequestContext, groupId: string) =>
  (
    (await (await request.get(`/api/node_groups/${groupId}`)).json()) as {
      settings: Record<string, unknown>;
    }
  ).settings;

test("a group's settings are a form from its kind, with a JSON view of the same values", async ({
  page,
  flowsmith,
}) => {
  await signUpAndIn(page, flowsmith.verificationLink, 'Greta Groups');
  const project = await post<TId>(page.request, '/api/projects', { name: 'Grouped' });
  const group = await post<TId>(page.request, '/api/node_groups', {
    projectId: project.id,
    name: 'Helper',
    type: 'ai_group',
    position: { x: 40, y: 40 },
    width: 420,
    height: 220,
  });
  await openCanvas(page, project.id);

  await page.getByRole('button', { name: 'Settings of Helper' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI group settings' });
  await expect(dialog).toBeVisible();
  // A labelled field with its meaning explained, not a raw JSON box.
  const description = dialog.getByLabel('What it does');
  await expect(description).toBeVisible();
  await expect(dialog).toContainText('Told to a custom AI that may run this workflow as a tool');
  await description.fill('Answers questions about the handbook.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => settingsOf(page.request, group.id))
    .toMatchObject({ description: 'Answers questions about the handbook.' });

  // The JSON view shows the same values, and what is typed there shows in the form.
  await page.getByRole('button', { name: 'Settings of Helper' }).click();
  await expect(description).toHaveValue('Answers questions about the handbook.');
  await dialog.getByRole('tab', { name: 'JSON' }).click();
  const json = dialog.getByLabel('Settings as JSON');
  await expect(json).toHaveValue(/"description": "Answers questions about the handbook."/);
  await json.fill('{"description": 5}');
  await expect(dialog.getByRole('alert')).toHaveText('What it does must be text');
  await json.fill('{');
  await expect(dialog.getByRole('alert')).toContainText('Not valid JSON');
  // The form cannot show unreadable JSON: the view stays until it is corrected.
  await dialog.getByRole('tab', { name: 'Form' }).click();
  await expect(json).toBeVisible();
  await json.fill('{"description": "Looks things up.", "tone": "dry"}');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'Form' }).click();
  await expect(description).toHaveValue('Looks things up.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => settingsOf(page.request, group.id))
    .toEqual({ description: 'Looks things up.', tone: 'dry' });

  // Settings the form does not show survive a save from the form.
  await page.getByRole('button', { name: 'Settings of Helper' }).click();
  await description.fill('Looks things up, briefly.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => settingsOf(page.request, group.id))
    .toEqual({ description: 'Looks things up, briefly.', tone: 'dry' });
});
