import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/flowsmith.fixture';
import { createProject, docNode, documentOf, importGraph, openCanvas } from './constructor-helpers';

test.use({ signedInAs: 'Ada Lovelace' });

const unsaved = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });
/** The open panel of a dropdown, multiselect or autocomplete (rendered outside the dialog). */
const overlay = (page: Page) => page.locator('.p-connected-overlay-enter-done');

/** Escape with a panel open closes the panel only; the dialog and what was typed stay. */
async function escapeClosesOnlyThePanel(page: Page, dialog: Locator) {
  await expect(overlay(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay(page)).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(unsaved(page)).toHaveCount(0);
}

/** Escape on a changed form asks first; "Keep editing" is focused and keeps the dialog open. */
async function escapeAsksBeforeDropping(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  const confirm = unsaved(page);
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
}

test('Escape closes an open dropdown, not the dialog; unsaved changes ask before closing', async ({
  page,
}) => {
  const projectId = await createProject(page.request, 'Dialogs');

  await page.goto(`/custom-ai?projectId=${projectId}`);
  await page.getByRole('button', { name: 'New custom AI' }).first().click();
  const form = page.getByRole('dialog', { name: 'New custom AI' });

  // The first field has the focus, and a clean form closes at once.
  await expect(form.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(unsaved(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'New custom AI' }).first().click();
  await form.getByLabel('Name').fill('Keeper');
  await form.locator('.p-dropdown-trigger').click();
  await escapeClosesOnlyThePanel(page, form);
  await expect(form.getByLabel('Name')).toHaveValue('Keeper');

  await form.locator('.p-multiselect:has(#custom-ai-workflows)').click();
  await escapeClosesOnlyThePanel(page, form);

  await escapeAsksBeforeDropping(page, form);
  await expect(form.getByLabel('Name')).toHaveValue('Keeper');

  // The close button and Cancel ask too; discarding closes the form.
  await form.getByRole('button', { name: 'Close' }).click();
  await unsaved(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await unsaved(page).getByRole('button', { name: 'Discard changes' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Keeper')).toHaveCount(0);

  // An autocomplete in the members dialog: its panel closes first, then a typed name asks.
  await page.goto('/project');
  await page.getByRole('button', { name: 'Members' }).click();
  const members = page.getByRole('dialog', { name: 'Members of Dialogs' });
  await members.getByLabel('Add a user by name or e-mail').pressSequentially('nobody-here');
  await escapeClosesOnlyThePanel(page, members);
  await escapeAsksBeforeDropping(page, members);
  await members.getByRole('button', { name: 'Done' }).click();
  await unsaved(page).getByRole('button', { name: 'Discard changes' }).click();
  await expect(members).toBeHidden();

  // The same in the canvas's node settings.
  await importGraph(
    page.request,
    projectId,
    documentOf([docNode('a', 'input', 0, 'Question'), docNode('b', 'blank', 300, 'Note')]),
  );
  await openCanvas(page, projectId);

  await page.getByRole('button', { name: 'Settings of Question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Input settings' });
  await dialog.getByLabel('Title').fill('Renamed question');
  await dialog.locator('.p-dropdown').click();
  await escapeClosesOnlyThePanel(page, dialog);
  await expect(dialog.getByLabel('Title')).toHaveValue('Renamed question');

  await escapeAsksBeforeDropping(page, dialog);
  await expect(dialog.getByLabel('Title')).toHaveValue('Renamed question');

  await page.keyboard.press('Escape');
  await unsaved(page).getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('node-title').filter({ hasText: 'Renamed' })).toHaveCount(0);

  // A destructive confirm starts on Cancel: Enter keeps the nodes.
  await page.getByTestId('canvas').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete nodes' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('node-title')).toHaveCount(2);
});
