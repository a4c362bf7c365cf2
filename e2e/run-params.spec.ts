import { nodeOfKind, openCanvas } from './constructor-helpers';
import { expect, test } from './support/flowsmith.fixture';
import { createLaidOutWorkflow, runWorkflow } from './support/workflows';

test.use({ signedInAs: 'Paula Past' });

test('a past run shows the params it ran with, not the ones changed since', async ({ page }) => {
  const workflow = await createLaidOutWorkflow(page.request, 'Then and now', 'echo');
  await runWorkflow(page.request, workflow, 'hello', 'input');

  await openCanvas(page, workflow.projectId);
  const processor = nodeOfKind(page, 'ai_processor');
  const summary = processor.getByTestId('node-summary');
  await expect(summary).toContainText('Q: {{input}}');

  // Today's template changes after the run.
  await processor.getByRole('button', { name: /Settings of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'AI processor settings' });
  await expect(dialog.getByTestId('run-params')).toHaveCount(0);
  await dialog.locator('#param-template').fill('Now: {{input}}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(summary).toContainText('Now: {{input}}');

  // The past run shows its own template, marked as the run's.
  await page.getByTestId('run-history-toggle').click();
  const history = page.getByRole('complementary', { name: 'Run history' });
  await history.getByTestId('run-history-item').click();
  await expect(page.getByTestId('run-banner')).toContainText('Showing run');
  await expect(summary).toHaveAttribute('data-run-params', 'true');
  await expect(summary).not.toContainText('Now:');
  await expect(summary).toContainText('Q: {{input}}');
  await expect(summary).toContainText('As this run used');

  // Its settings say what the run used, beside today's form.
  await processor.getByRole('button', { name: /Settings of/ }).click();
  const used = dialog.getByRole('region', { name: 'Settings this run used' });
  await expect(used).toContainText('Prompt template');
  await expect(used).toContainText('Q: {{input}}');
  await expect(used).not.toContainText('Now:');
  await expect(dialog.locator('#param-template')).toHaveValue('Now: {{input}}');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Back to live: today's params again.
  await page.getByRole('button', { name: 'Back to live' }).click();
  await expect(summary).toContainText('Now: {{input}}');
  await expect(summary).not.toHaveAttribute('data-run-params', 'true');
});
