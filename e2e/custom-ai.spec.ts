import type { APIRequestContext, Page } from '@playwright/test';
import { postFromApp } from './support/api';
import { dropdownOf } from './support/dropdown';
import { expect, test } from './support/flowsmith.fixture';
import { wireProcessor } from './support/workflows';
import { confirmWith } from './support/confirm';

test.use({ signedInAs: 'Ada Lovelace' });

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await postFromApp(request, path, data);
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** A runnable "Lookup" workflow: input `question` → echo processor → output `answer`. */
async function createLookupWorkflow(request: APIRequestContext, projectId: string) {
  const group = await post<{ id: string; nodeId: string }>(request, '/api/node_groups', {
    projectId,
    name: 'Lookup',
    type: 'ai_group',
  });
  const node = (type: string, params: Record<string, unknown>, x: number) =>
    post<{ id: string }>(request, '/api/nodes', {
      projectId,
      type,
      position: { x, y: 60 },
      data: { title: '', params },
      parentId: group.nodeId,
    });
  const input = await node('input', { name: 'question' }, 20);
  const processor = await node('ai_processor', { model: 'echo', template: '{{input}}' }, 260);
  const output = await node('ai_output', { name: 'answer' }, 500);
  await wireProcessor(request, projectId, { input, processor, output });
}

const thread = (page: Page) => page.locator('.chat-thread__scroll');
const lastAnswer = (page: Page) => thread(page).locator('.chat-message--assistant').last();
const conversations = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/** Records the length of the newest answer at every change of the thread, to see it grow. */
async function watchAnswerLengths(page: Page) {
  await page.evaluate(() => {
    const lengths: number[] = [];
    (window as unknown as { answerLengths: number[] }).answerLengths = lengths;
    const root = document.querySelector('.chat-thread__scroll')!;
    new MutationObserver(() => {
      const answers = root.querySelectorAll('.chat-message--assistant .chat-bubble');
      const length = answers[answers.length - 1]?.textContent?.length ?? 0;
      if (length !== lengths.at(-1)) lengths.push(length);
    }).observe(root, { subtree: true, childList: true, characterData: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { answerLengths: number[] }).answerLengths);
}

test('a custom AI is set up through the form and chatted with, safely and durably', async ({
  page,
}) => {
  const project = await post<{ id: string }>(page.request, '/api/projects', {
    name: 'Support desk',
  });
  await createLookupWorkflow(page.request, project.id);

  await page.goto(`/custom-ai?projectId=${project.id}`);
  // The empty state says it once, in its heading.
  await expect(page.getByRole('heading', { name: 'No custom AIs yet' })).toBeVisible();
  await expect(page.getByText('No custom AIs yet')).toHaveCount(1);
  await expect(page.getByText(/Create an assistant with its own instructions/)).toBeVisible();

  // The form checks the name before anything is sent.
  await page.getByRole('button', { name: 'New custom AI' }).first().click();
  const form = page.getByRole('dialog', { name: 'New custom AI' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();

  await form.getByLabel('Name').fill('Helpdesk bot');
  await form.getByLabel('Description').fill('Answers questions about our product');
  await form.getByLabel('Avatar').fill('🤖');
  // The built-in offline model is the default, shown by its label.
  await expect(dropdownOf(form, 'custom-ai-model')).toContainText('Echo (built-in, offline)');
  await form.getByLabel('System prompt').fill('Be brief and friendly.');
  await form.locator('.p-multiselect:has(#custom-ai-workflows)').click();
  await page.getByRole('option', { name: 'Lookup' }).click();
  await form.locator('.p-multiselect:has(#custom-ai-workflows) .p-multiselect-trigger').click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  // The card shows the model and the saved link.
  const card = page.getByRole('article', { name: 'Helpdesk bot' });
  await expect(card).toContainText('Answers questions about our product');
  await expect(card).toContainText('Echo (built-in, offline)');
  await expect(card).toContainText('1 workflow');
  await card.getByRole('link', { name: 'Helpdesk bot' }).click();
  await expect(page).toHaveURL(/\/custom-ai\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Helpdesk bot' })).toBeVisible();

  // The reply streams in and its Markdown is rendered.
  await send(page, 'Hello **world**');
  await expect(lastAnswer(page)).toContainText('Echo: Hello world');
  await expect(lastAnswer(page).locator('strong')).toHaveText('world');
  await expect(page).toHaveURL(/conversationId=[0-9a-f-]{36}/);
  await expect(conversations(page).getByText('Hello **world**')).toBeVisible();

  // A longer answer visibly grows word by word.
  const lengths = await watchAnswerLengths(page);
  const story = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
  await send(page, story);
  await expect(lastAnswer(page)).toContainText('word119');
  expect((await lengths()).length).toBeGreaterThan(3);

  // Reload restores the conversation and its history.
  await page.reload();
  await expect(conversations(page).getByText('Hello **world**')).toBeVisible();
  await expect(thread(page).locator('.chat-message--user').first()).toHaveText('Hello **world**');
  await expect(thread(page).locator('strong').first()).toHaveText('world');
  await expect(lastAnswer(page)).toContainText('word119');

  // Hostile Markdown stays text; the javascript: link is inert.
  await send(page, 'Try <script>window.pwned=1</script> and [click me](javascript:alert(1))');
  await expect(lastAnswer(page)).toContainText('<script>window.pwned=1</script>');
  await expect(lastAnswer(page).getByText('click me')).toBeVisible();
  await expect(thread(page).locator('script')).toHaveCount(0);
  await expect(thread(page).locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(lastAnswer(page).getByRole('link', { name: 'click me' })).toHaveCount(0);
  expect(await page.evaluate(() => 'pwned' in window)).toBe(false);

  // A second conversation: created, answered, renamed and deleted.
  await conversations(page).getByRole('button', { name: 'New' }).click();
  await expect(conversations(page).getByText('New conversation')).toBeVisible();
  await send(page, 'Second chat');
  await expect(lastAnswer(page)).toContainText('Echo: Second chat');
  await expect(conversations(page).getByRole('listitem')).toHaveCount(2);
  await conversations(page).getByRole('button', { name: 'Rename Second chat' }).click();
  const title = conversations(page).getByRole('textbox', { name: 'Conversation title' });
  await title.fill('Renamed chat');
  await title.press('Enter');
  await expect(conversations(page).getByText('Renamed chat')).toBeVisible();
  await conversations(page).getByRole('button', { name: 'Delete Renamed chat' }).click();
  await confirmWith(page, 'Delete conversation', 'Delete');
  await expect(conversations(page).getByText('Renamed chat')).toBeHidden();
  await expect(conversations(page).getByRole('listitem')).toHaveCount(1);
  await expect(page).not.toHaveURL(/conversationId=/);

  // Editing from the chat shows the saved link in the form.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit custom AI' });
  await expect(edit.locator('.p-multiselect:has(#custom-ai-workflows)')).toContainText('Lookup');
  await edit.getByRole('button', { name: 'Cancel' }).click();
});
