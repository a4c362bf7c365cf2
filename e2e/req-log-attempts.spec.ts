import type { Page } from '@playwright/test';
import { expect, test } from './support/flowsmith.fixture';
import { createEchoWorkflow, post, runWorkflow, type TId } from './support/workflows';

test.use({ signedInAs: 'Rita Retry' });

const logTable = (page: Page) => page.getByRole('table', { name: 'AI requests' });

test.use({ fakeModels: true });

test('a retried call shows once with its attempts, and a stopped one as Cancelled', async ({
  page,
}) => {
  // The model answers 429 once: the run's retry is the call's second attempt.
  const flaky = await createEchoWorkflow(page.request, 'Retry lab', 'compatible:flaky-chat');
  await runWorkflow(page.request, flaky, 'hello');

  const hanging = await createEchoWorkflow(page.request, 'Stop lab', 'compatible:hanging-chat');
  const { run } = await post<{ run: TId }>(page.request, '/api/runs', {
    projectId: hanging.projectId,
    nodeGroupId: hanging.groupId,
    inputs: { question: 'wait' },
  });
  await expect
    .poll(async () => {
      const events = await page.request.get(`/api/runs/${run.id}/events`);
      return JSON.stringify(await events.json());
    })
    .toContain('"running"');
  await post(page.request, `/api/runs/${run.id}/cancel`, {});
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get('/api/req_logs')).json()))
    .toContain('"cancelled"');

  await page.goto('/req-logs');
  const rows = logTable(page).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Stop lab' })).toContainText('Cancelled');
  const retried = rows.filter({ hasText: 'Retry lab' });
  await expect(retried).toContainText('Succeeded');

  await retried.getByRole('button', { name: 'Attempt 2 of 2' }).click();
  const attempts = logTable(page)
    .getByRole('list', { name: 'Attempts of this call' })
    .getByRole('listitem');
  await expect(attempts).toHaveCount(2);
  await expect(attempts.first()).toContainText('Attempt 1 of 2');
  await expect(attempts.first()).toContainText('Failed');
  await attempts.first().getByRole('button').click();
  const drawer = page.getByRole('complementary', { name: 'Request details' });
  await expect(drawer).toContainText('429');
});
