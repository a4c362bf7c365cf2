import type { APIRequestContext } from '@playwright/test';
import { createProject, importGraph, openCanvas, storedGraph } from './constructor-helpers';
import { expect, test } from './support/flowsmith.fixture';

test.use({ signedInAs: 'Pat Publisher' });

const text = (name: string, label: string) => [{ name, label, type: 'text' }];

/** A UI group: UI chat → AI processor on the built-in Echo model → AI output. */
async function createChatApp(request: APIRequestContext) {
  const projectId = await createProject(request, 'Help desk');
  const node = (id: string, type: string, x: number, title: string, more: object) => ({
    id,
    type,
    position: { x, y: 70 },
    parentId: 'group',
    data: { title, params: {} },
    ...more,
  });
  await importGraph(request, projectId, {
    format: 'flowsmith.graph',
    version: 1,
    nodes: [
      {
        ...node('group', 'ui_group', 40, 'Help chat', {}),
        parentId: null,
        width: 980,
        height: 320,
        group: { name: 'Help chat', settings: {} },
      },
      node('chat', 'ui_chat', 30, 'Chat', {
        data: { title: 'Chat', params: { placeholder: 'Ask the help desk' } },
        outputs: text('message', 'Message'),
      }),
      node('helper', 'ai_processor', 340, 'Helper', {
        data: { title: 'Helper', params: { model: 'echo', template: 'PUBLISHED {{input}}' } },
        inputs: text('input', 'Input'),
        outputs: text('text', 'Text'),
      }),
      node('answer', 'ai_output', 660, 'Answer', {
        data: { title: 'Answer', params: { name: 'answer' } },
        inputs: text('text', 'Text'),
      }),
    ],
    edges: [
      {
        id: 'e1',
        source: 'chat',
        sourceHandle: 'message',
        target: 'helper',
        targetHandle: 'input',
      },
      { id: 'e2', source: 'helper', sourceHandle: 'text', target: 'answer', targetHandle: 'text' },
    ],
  });
  const graph = await storedGraph(request, projectId);
  return { projectId, processorId: graph.nodes.find((n) => n.type === 'ai_processor')!.id };
}

test('a published UI chat answers visitors from its published version, streamed, while the draft changes', async ({
  page,
  browser,
}) => {
  const { projectId, processorId } = await createChatApp(page.request);
  await openCanvas(page, projectId);

  await page.getByTestId('group-publish-button').click();
  const dialog = page.getByTestId('publish-dialog');
  await dialog.getByLabel('What changed (optional)').fill('First release');
  await dialog.getByTestId('publish-button').click();
  await expect(dialog.getByText('Version 1 is published')).toBeVisible();
  await dialog.getByText('Anyone with the link').click();
  await expect(dialog.getByText('First release')).toBeVisible();
  await expect(dialog.getByTestId('snippet-curl')).toContainText('/run');
  const link = (await dialog.getByTestId('app-link').textContent())!;
  // The access change is saved before the link is shared.
  await expect
    .poll(async () =>
      (await page.request.get(new URL(link).pathname.replace('/apps/', '/api/apps/'))).status(),
    )
    .toBe(200);

  // The draft moves on after publishing; the app keeps answering from version 1.
  const edited = await page.request.put(`/api/nodes/${processorId}`, {
    data: { data: { title: 'Helper', params: { model: 'echo', template: 'DRAFT {{input}}' } } },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(edited.ok(), await edited.text()).toBe(true);
  await dialog.getByRole('button', { name: 'Changes since' }).click();
  await expect(dialog.getByTestId('publish-diff')).toContainText('Changed Helper: params.template');

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage.getByRole('heading', { name: 'Help chat' })).toBeVisible();
  const box = visitorPage.getByLabel('Message');
  await expect(box).toHaveAttribute('placeholder', 'Ask the help desk');
  await box.fill('hello there');
  const answer = visitorPage.waitForResponse((response) => response.url().endsWith('/run'));
  await box.press('Enter');
  expect((await answer).headers()['content-type']).toContain('text/event-stream');
  await expect(visitorPage.getByTestId('app-message-visitor')).toHaveText('hello there');
  await expect(visitorPage.getByTestId('app-message-app')).toHaveText(
    'Echo: PUBLISHED hello there',
  );
  await expect(visitorPage.getByText('DRAFT')).toHaveCount(0);

  // Members only again: a signed-out visitor is asked to sign in and sees nothing of the app.
  await dialog.getByText('Members', { exact: true }).click();
  await expect
    .poll(async () =>
      (await visitorPage.request.get(link.replace('/apps/', '/api/apps/'))).status(),
    )
    .toBe(401);
  await visitorPage.reload();
  await expect(visitorPage.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(visitorPage.getByLabel('Message')).toHaveCount(0);
  await visitor.close();
});
