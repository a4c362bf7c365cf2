import type { Locator, Page } from '@playwright/test';
import { addMember, nodeOfKind, openCanvas } from './constructor-helpers';
import { otherPerson, signIn, signUpAndIn } from './support/auth';
import { expect, test } from './support/flowsmith.fixture';
import { createLaidOutWorkflow as createWorkflow, post, type TId } from './support/workflows';

// A local OpenAI-compatible server answers `compatible:*` models (see the fixture).
test.use({ fakeModels: true });

const badge = (node: Locator) => node.getByTestId('run-badge');

/** Records every status the processor's badge shows, however briefly, from now on. */
async function recordBadges(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { badgeStatuses: string[] }).badgeStatuses = seen;
    const note = () => {
      const status = document
        .querySelector('.react-flow__node-ai_processor [data-testid="run-badge"]')
        ?.getAttribute('data-status');
      if (status && seen.at(-1) !== status) seen.push(status);
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
  });
}

const recordedBadges = (page: Page) =>
  page.evaluate(() => (window as unknown as { badgeStatuses: string[] }).badgeStatuses);

async function shoot(page: Page, name: string) {
  const dir = process.env.RUNS_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

test('a group runs from the canvas: live badges, streamed text, history, cancel, request log', async ({
  page,
  flowsmith,
}) => {
  await signUpAndIn(page, flowsmith.verificationLink, 'Rita Runner');
  const workflow = await createWorkflow(page.request, 'Tiny lab', 'compatible:tiny-chat');
  const hanging = await createWorkflow(page.request, 'Hanging lab', 'compatible:hanging-chat');
  // The server runs two runs at once: two that hang keep ours queued until they are cancelled,
  // so the canvas follows it live from its start (a run this fast is otherwise over before the
  // page has subscribed, and only its end state shows).
  const blockers = await Promise.all(
    [1, 2].map(() =>
      post<{ run: TId }>(page.request, '/api/runs', {
        projectId: hanging.projectId,
        inputs: { input: 'block' },
      }),
    ),
  );
  await openCanvas(page, workflow.projectId);
  const processor = nodeOfKind(page, 'ai_processor');
  const output = nodeOfKind(page, 'ai_output');
  await expect(badge(processor)).toHaveCount(0);

  // Run the group: the dialog asks for the input, Enter runs.
  await page.getByRole('button', { name: `Run ${workflow.groupName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Run ${workflow.groupName}` });
  const field = dialog.getByLabel('input (Text)');
  await expect(field).toBeFocused();
  await field.fill('why?');
  await recordBadges(page);
  await field.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('live-run-status')).toHaveText('Run queued');
  const group = page.getByTestId('flow-group');
  await expect(badge(group)).toHaveAttribute('data-status', 'queued');
  for (const { run } of blockers) await post(page.request, `/api/runs/${run.id}/cancel`, {});

  await expect(badge(processor)).toHaveAttribute('data-status', 'succeeded');
  await expect(output.getByTestId('run-text')).toHaveText('Hello from tiny: Q: why?');
  await expect(badge(output)).toHaveAttribute('data-status', 'succeeded');
  await expect(page.getByTestId('live-run-status')).toHaveText('Run succeeded');
  expect(await recordedBadges(page)).toEqual(['queued', 'running', 'succeeded']);
  await expect(badge(group)).toHaveAttribute('data-status', 'succeeded');
  await shoot(page, 'run-finished');

  // After a reload the canvas is live and empty of results; the history reopens the run.
  await page.reload();
  await expect(processor).toBeVisible();
  await expect(badge(processor)).toHaveCount(0);
  await page.getByTestId('run-history-toggle').click();
  const history = page.getByRole('complementary', { name: 'Run history' });
  const entry = history.getByTestId('run-history-item');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('succeeded');
  await expect(entry).toContainText(workflow.groupName);
  await expect(entry).toContainText('You');
  await entry.click();
  await expect(page.getByTestId('run-banner')).toContainText('Showing run');
  await expect(page).toHaveURL(/runId=/);
  // The panel narrows the canvas; fitting brings the output node back into view.
  await page.getByRole('button', { name: 'Fit View' }).click();
  await expect(output.getByTestId('run-text')).toHaveText('Hello from tiny: Q: why?');
  await expect(badge(processor)).toHaveAttribute('data-status', 'succeeded');
  await shoot(page, 'run-history');

  // The address names the run: opening it directly shows the same.
  const runUrl = page.url();
  await page.getByRole('button', { name: 'Back to live' }).click();
  await expect(page.getByTestId('run-banner')).toBeHidden();
  await expect(badge(processor)).toHaveCount(0);
  await expect(page).not.toHaveURL(/runId=/);
  await page.goto(runUrl);
  await expect(page.getByTestId('run-banner')).toBeVisible();
  await expect(output.getByTestId('run-text')).toHaveText('Hello from tiny: Q: why?');

  // A model that never answers: the run stays running until it is cancelled.
  await openCanvas(page, hanging.projectId);
  await page.getByRole('button', { name: 'Run the whole canvas' }).click();
  await page
    .getByRole('dialog', { name: 'Run the whole canvas' })
    .getByLabel('input (Text)')
    .fill('wait');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(badge(processor)).toHaveAttribute('data-status', 'running');
  await expect(page.getByRole('button', { name: 'Run the whole canvas' })).toBeDisabled();
  await shoot(page, 'run-running');
  await page.getByRole('button', { name: 'Cancel run' }).click();
  await expect(badge(processor)).toHaveAttribute('data-status', 'cancelled');
  await expect(badge(output)).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('live-run-status')).toHaveText('Run cancelled');
  await expect(page.getByRole('button', { name: 'Cancel run' })).toBeHidden();

  // The model call of the first run is in the request log, by its model's label, with its tokens.
  await page.goto('/req-logs');
  await expect(
    page.getByRole('table', { name: 'AI requests' }).getByRole('row', {
      name: /OpenAI-compatible: tiny-chat/,
    }),
  ).toHaveCount(1);
  const logs = await page.request.get('/api/req_logs?model=compatible:tiny-chat');
  expect(logs.ok()).toBe(true);
  const { items } = (await logs.json()) as {
    items: { inputTokens: number; outputTokens: number; status: string }[];
  };
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({ inputTokens: 11, outputTokens: 4, status: 'succeeded' });
});

test('a failing model is retried, then its node shows the error; a viewer sees runs but cannot run', async ({
  page,
  browser,
  flowsmith,
}) => {
  const {
    context: viewerContext,
    page: viewer,
    email: viewerEmail,
  } = await otherPerson(browser, flowsmith, 'run-viewer', 'Vic Viewer');

  await signUpAndIn(page, flowsmith.verificationLink, 'Olga Owner');
  const workflow = await createWorkflow(page.request, 'Broken lab', 'compatible:broken-chat');
  await openCanvas(page, workflow.projectId);
  await page.getByRole('button', { name: `Run ${workflow.groupName}` }).click();
  await page.getByLabel('input (Text)').fill('fail please');
  await page.getByLabel('input (Text)').press('Control+Enter');

  const processor = nodeOfKind(page, 'ai_processor');
  const output = nodeOfKind(page, 'ai_output');
  await expect(badge(processor)).toHaveAttribute('data-status', 'retry');
  await expect(badge(processor)).toContainText(/retry \d/);
  await expect(badge(processor)).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
  await expect(processor.getByTestId('run-error')).toContainText('The model crashed');
  await expect(badge(processor)).toHaveAttribute('title', /The model crashed/);
  await expect(badge(output)).toHaveAttribute('data-status', 'skipped');
  await expect(badge(output)).toHaveAttribute('title', /Skipped because "Tiny" did not succeed/);
  await expect(page.getByTestId('live-run-status')).toHaveText('Run failed');
  await shoot(page, 'run-failed');

  await addMember(page.request, workflow.projectId, viewerEmail, 'viewer');

  await viewer.goto('/login');
  await signIn(viewer, viewerEmail);
  await expect(viewer).toHaveURL(/\/$/);
  await openCanvas(viewer, workflow.projectId);
  await expect(viewer.getByTestId('read-only')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Run the whole canvas' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: `Run ${workflow.groupName}` })).toHaveCount(0);
  await viewer.getByTestId('run-history-toggle').click();
  const entry = viewer.getByTestId('run-history-item');
  await expect(entry).toContainText('failed');
  await expect(entry).toContainText('Olga Owner');
  await entry.click();
  await viewer.getByTestId('run-history-toggle').click();
  await expect(viewer.getByTestId('run-banner')).toContainText('failed');
  await expect(badge(nodeOfKind(viewer, 'ai_processor'))).toHaveAttribute('data-status', 'failed');
  await expect(nodeOfKind(viewer, 'ai_processor').getByTestId('run-error')).toContainText(
    'The model crashed',
  );
  await viewerContext.close();
});
