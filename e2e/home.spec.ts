import type { Locator } from '@playwright/test';
import { nodeOfKind } from './constructor-helpers';
import { signUpAndIn } from './support/auth';
import { expect, test } from './support/flowsmith.fixture';

test('a newcomer gets a streamed answer from a template in at most four clicks', async ({
  page,
  flowsmith,
}) => {
  // Sign-up, a run, and Home before and after: longer than one screen's test.
  test.slow();
  await signUpAndIn(page, flowsmith.verificationLink, 'Nora Newcomer');
  let clicks = 0;
  const click = async (target: Locator) => {
    clicks += 1;
    await target.click();
  };

  // Home: nothing done yet, and the templates one click away.
  await expect(page.getByTestId('checklist-progress')).toHaveText('0 of 4 done');
  await click(page.getByTestId('template-question-answer'));

  await expect(page).toHaveURL(/\/constructor\?projectId=/);
  const note = nodeOfKind(page, 'blank');
  await expect(note).toContainText('Echo');
  await click(page.getByTestId('run-canvas'));
  const dialog = page.getByRole('dialog', { name: 'Run the whole canvas' });
  await expect(dialog.getByLabel(/question/)).toHaveValue('What can I build with AI workflows?');
  await click(dialog.getByRole('button', { name: 'Run', exact: true }));

  const processor = nodeOfKind(page, 'ai_processor');
  await expect(processor.getByTestId('run-text')).toHaveText(
    'Echo: What can I build with AI workflows?',
  );
  await expect(nodeOfKind(page, 'ai_output').getByTestId('run-text')).toHaveText(
    'Echo: What can I build with AI workflows?',
  );
  await expect(page.getByTestId('live-run-status')).toHaveText('Run succeeded');
  expect(clicks).toBeLessThanOrEqual(4);

  // Home ticks what was done, lists it, and keeps the checklist dismissed.
  await page.goto('/');
  await expect(page.getByTestId('checklist-progress')).toHaveText('2 of 4 done');
  await expect(page.getByTestId('checklist-project')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('checklist-run')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('checklist-customAi')).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('recent-project')).toHaveText(/Question → answer/);
  await expect(page.getByTestId('recent-run')).toContainText('succeeded');
  await expect(page.getByText('No failed model calls.')).toBeVisible();
  await expect(page.getByText('Free plan')).toBeVisible();
  await expect(page.getByLabel(/Model requests this month: 1 of/)).toBeVisible();

  await page.getByRole('button', { name: 'Dismiss the getting-started checklist' }).click();
  await expect(page.getByTestId('checklist-progress')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Recent runs' })).toBeVisible();
  await expect(page.getByTestId('checklist-progress')).toHaveCount(0);
  await page.getByRole('button', { name: 'Getting started' }).click();
  await expect(page.getByTestId('checklist-progress')).toHaveText('2 of 4 done');

  // One click on a recent project opens its canvas.
  await page.getByTestId('recent-project').click();
  await expect(nodeOfKind(page, 'ai_processor')).toBeVisible();
});

test('an empty canvas offers the templates and fills with one', async ({ page, flowsmith }) => {
  await signUpAndIn(page, flowsmith.verificationLink, 'Esme Empty');
  await page.goto('/project');
  await page.getByRole('button', { name: 'New project' }).first().click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Name').fill('Blank slate');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'Blank slate' }).click();

  const gallery = page.getByRole('region', { name: /empty canvas/ });
  await expect(gallery).toBeVisible();
  await gallery.getByTestId('template-summarise-text').click();
  await expect(nodeOfKind(page, 'ai_processor')).toHaveText(/Summarise/);
  await expect(gallery).toBeHidden();
  await expect(page).toHaveURL(/\/constructor\?projectId=/);
});
