import type { Page } from '@playwright/test';
import { expect, test } from './support/flowsmith.fixture';
import { otherPerson, signIn, signUpAndIn } from './support/auth';
import { confirmWith } from './support/confirm';

async function createProject(page: Page, name: string, description = '') {
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill(description);
  // Enter in the name field submits, like the Save button.
  await dialog.getByLabel('Name').press('Enter');
  await expect(dialog).toBeHidden();
}

const projectRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Projects' }).getByRole('row', { name: new RegExp(name) });

test('an owner creates a project, shares it with a viewer, searches and deletes', async ({
  page,
  browser,
  flowsmith,
}) => {
  // A unique word in B's name, so the autocomplete finds B and nobody else.
  const tag = `Q${Date.now().toString(36)}`;
  const bName = `Bea ${tag} Viewer`;

  await signUpAndIn(page, flowsmith.verificationLink, 'Alice Owner');
  await page.goto('/project');
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();

  // The form checks the name before anything is sent.
  await page.getByRole('button', { name: 'New project' }).click();
  const form = page.getByRole('dialog', { name: 'New project' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Project name is required')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  await createProject(page, 'Market research', 'Summaries of competitor pages');
  const row = projectRow(page, 'Market research');
  await expect(row).toContainText('Summaries of competitor pages');
  await expect(row).toContainText('Owner');
  await expect(row.getByRole('link', { name: 'Market research' })).toHaveAttribute(
    'href',
    /^\/constructor\?projectId=[0-9a-f-]{36}$/,
  );

  // B registers and verifies in a browser of their own.
  const {
    context: other,
    page: bPage,
    email: bEmail,
  } = await otherPerson(browser, flowsmith, 'bea', bName);

  // A adds B as a viewer through the autocomplete: a stranger is found by their whole address.
  await row.getByRole('button', { name: 'Members' }).click();
  const members = page.getByRole('dialog', { name: 'Members of Market research' });
  const userField = members.getByLabel('Add a user by name or e-mail');
  await userField.pressSequentially(tag.slice(0, 6));
  await expect(page.getByText(/Type their full e-mail address/)).toBeVisible();
  await userField.fill('');
  await userField.pressSequentially(bEmail);
  const suggestion = page.getByRole('option', { name: new RegExp(bName) });
  await expect(suggestion).toContainText(bEmail);
  await suggestion.click();
  await expect(members.getByLabel('Can edit', { exact: true })).not.toBeChecked();
  await members.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(members.getByRole('row', { name: new RegExp(bName) })).toContainText('Viewer');
  await members.getByRole('button', { name: 'Done' }).click();
  await expect(members).toBeHidden();

  // B sees the project read-only.
  await bPage.goto('/login');
  await signIn(bPage, bEmail);
  await expect(bPage).toHaveURL(/\/$/);
  await bPage.goto('/project');
  const bRow = projectRow(bPage, 'Market research');
  await expect(bRow.getByText('Viewer', { exact: true })).toBeVisible();
  await expect(bRow.getByRole('button', { name: 'Edit project' })).toHaveCount(0);
  await expect(bRow.getByRole('button', { name: 'Delete project' })).toHaveCount(0);
  await bRow.getByRole('button', { name: 'Members' }).click();
  const bMembers = bPage.getByRole('dialog', { name: 'Members of Market research' });
  await expect(bMembers.getByRole('row', { name: /Alice Owner/ })).toContainText('Owner');
  await expect(bMembers.getByLabel('Add a user by name or e-mail')).toHaveCount(0);
  await expect(bMembers.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await expect(bMembers.getByRole('button', { name: 'Leave project' })).toBeVisible();
  await other.close();

  // Search narrows the list, survives a reload, and says when nothing matches.
  await createProject(page, 'Invoice triage');
  const search = page.getByLabel('Search projects');
  await search.fill('invoice');
  await expect(page).toHaveURL(/search=invoice/);
  await expect(projectRow(page, 'Invoice triage')).toBeVisible();
  await expect(projectRow(page, 'Market research')).toHaveCount(0);
  await page.reload();
  await expect(search).toHaveValue('invoice');
  await expect(projectRow(page, 'Market research')).toHaveCount(0);
  await search.fill('no such project');
  await expect(page.getByText('No projects match “no such project”.')).toBeVisible();
  await search.fill('');
  await expect(projectRow(page, 'Market research')).toBeVisible();

  // Deleting asks first, then removes the project.
  await projectRow(page, 'Invoice triage').getByRole('button', { name: 'Delete project' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete project' });
  await expect(confirm).toContainText('Delete project Invoice triage?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(projectRow(page, 'Invoice triage')).toHaveCount(0);
  await expect(projectRow(page, 'Market research')).toBeVisible();
});

test('an owner changes what a member may do, hands ownership over and leaves', async ({
  page,
  browser,
  flowsmith,
}) => {
  const tag = `R${Date.now().toString(36)}`;
  const bName = `Ben ${tag} Member`;
  await signUpAndIn(page, flowsmith.verificationLink, 'Olga Owner');
  await page.goto('/project');
  await createProject(page, 'Handover');

  const { context: other, email: bEmail } = await otherPerson(browser, flowsmith, 'ben', bName);
  await other.close();

  await projectRow(page, 'Handover').getByRole('button', { name: 'Members' }).click();
  const members = page.getByRole('dialog', { name: 'Members of Handover' });
  await members.getByLabel('Add a user by name or e-mail').pressSequentially(bEmail);
  await page.getByRole('option', { name: new RegExp(bName) }).click();
  await members.getByLabel('Can edit', { exact: true }).check();
  await members.getByRole('button', { name: 'Add', exact: true }).click();
  const bRow = members.getByRole('row', { name: new RegExp(bName) });
  await expect(bRow).toContainText('Editor');

  // The per-member switch turns the editor into a viewer.
  const canEdit = bRow.getByRole('switch', { name: `${bName} can edit` });
  await expect(canEdit).toBeChecked();
  await canEdit.click();
  await expect(canEdit).not.toBeChecked();
  // Enabled again once the server has answered and the list is reloaded from it.
  await expect(canEdit).toBeEnabled();
  await expect(bRow).toContainText('Viewer');

  // The only owner may not leave, and is told why before trying.
  await expect(members.getByRole('button', { name: 'Leave project' })).toBeDisabled();
  await expect(members.getByRole('button', { name: 'Leave project' })).toHaveAccessibleDescription(
    /only owner/,
  );

  // Once B owns it too, A can leave, and the project leaves A's list.
  await bRow.getByRole('button', { name: `Make ${bName} an owner` }).click();
  await confirmWith(page, 'Make owner', 'Make owner');
  await expect(bRow).toContainText('Owner');
  await members.getByRole('button', { name: 'Leave project' }).click();
  await confirmWith(page, 'Leave project', 'Leave');
  await expect(members).toBeHidden();
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
});
