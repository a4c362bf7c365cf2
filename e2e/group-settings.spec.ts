import type { APIRequestContext, Page } from '@playwright/test';
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

/** Signs a new person up and opens a new project's canvas with one group of `type` on it. */
async function groupOnCanvas(
  page: Page,
  flowsmith: { verificationLink(email: string): Promise<string> },
  person: string,
  group: { name: string; type: string },
) {
  await signUpAndIn(page, flowsmith.verificationLink, person);
  const project = await post<TId>(page.request, '/api/projects', { name: `${group.name} lab` });
  const created = await post<TId>(page.request, '/api/node_groups', {
    projectId: project.id,
    ...group,
    position: { x: 40, y: 40 },
    width: 420,
    height: 220,
  });
  await openCanvas(page, project.id);
  await page.getByRole('button', { name: `Settings of ${group.name}` }).click();
  return created.id;
}

test("a group's settings are a form from its kind, with a JSON view of the same values", async ({
  page,
  flowsmith,
}) => {
  const groupId = await groupOnCanvas(page, flowsmith, 'Greta Groups', {
    name: 'Helper',
    type: 'ai_group',
  });
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
    .poll(() => settingsOf(page.request, groupId))
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
    .poll(() => settingsOf(page.request, groupId))
    .toEqual({ description: 'Looks things up.', tone: 'dry' });

  // Settings the form does not show survive a save from the form.
  await page.getByRole('button', { name: 'Settings of Helper' }).click();
  await description.fill('Looks things up, briefly.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => settingsOf(page.request, groupId))
    .toEqual({ description: 'Looks things up, briefly.', tone: 'dry' });
});

/** A change made by another program through the REST API, as API-key clients do. */
async function putGroup(request: APIRequestContext, origin: string, id: string, body: unknown) {
  const response = await request.put(`/api/node_groups/${id}`, { data: body, headers: { origin } });
  expect(response.status(), await response.text()).toBe(200);
}

test('another change to a group while its form is open: untouched fields follow, a clash offers theirs', async ({
  page,
  flowsmith,
}) => {
  const groupId = await groupOnCanvas(page, flowsmith, 'Clara Clash', {
    name: 'Frame',
    type: 'group',
  });
  const dialog = page.getByRole('dialog', { name: 'Group settings' });
  const notes = dialog.getByLabel('Notes');
  await expect(notes).toBeVisible();

  // Someone else renames the group: the untouched name follows, and the dialog says so.
  await putGroup(page.request, flowsmith.url, groupId, { name: 'Frame two' });
  await expect(dialog.getByTestId('remote-change-notice')).toContainText('Name');
  await expect(dialog.getByLabel('Name')).toHaveValue('Frame two');

  // Both change the notes: the later save is refused with their value, and "use theirs" takes it.
  await notes.fill('Mine');
  await putGroup(page.request, flowsmith.url, groupId, { settings: { description: 'Theirs' } });
  await expect(dialog.getByTestId('remote-change-notice')).toContainText('Notes');
  await expect(notes).toHaveValue('Mine');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const conflict = dialog.getByTestId('edit-conflict');
  await expect(conflict).toContainText('Notes: Theirs');
  await conflict.getByRole('button', { name: 'Use theirs' }).click();
  await expect(notes).toHaveValue('Theirs');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => settingsOf(page.request, groupId)).toEqual({ description: 'Theirs' });
});
