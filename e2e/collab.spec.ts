import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { postFromApp } from './support/api';
import { expect, test } from './support/flowsmith.fixture';
import { otherPerson, signIn, signUpAndIn } from './support/auth';
import {
  addMember,
  createProject,
  docNode,
  documentOf,
  edges,
  importGraph,
  nodeOfKind,
  nodes,
  openCanvas,
  storedGraph,
} from './constructor-helpers';

/** Two editors, A (`page`) and B (in a browser context of their own), on one canvas. */
async function twoEditors(
  browser: Browser,
  a: Page,
  flowsmith: { url: string; verificationLink(email: string): Promise<string> },
  graph = documentOf([docNode('ai', 'ai_processor', 300, 'Writer')]),
) {
  const {
    email: bEmail,
    context,
    page: b,
  } = await otherPerson(browser, flowsmith, 'other', 'Bob Builder');

  await signUpAndIn(a, flowsmith.verificationLink, 'Ada Lovelace');
  const projectId = await createProject(a.request, 'Together');
  await importGraph(a.request, projectId, graph);
  await addMember(a.request, projectId, bEmail, 'editor');

  await b.goto('/login');
  await signIn(b, bEmail);
  await expect(b).toHaveURL(/\/$/);
  await openCanvas(a, projectId);
  await openCanvas(b, projectId);
  const nodeId = (await storedGraph(a.request, projectId)).nodes[0]!.id;
  return { b, context, projectId, nodeId };
}

/** A change made by another program through the REST API, as API-key clients do. */
async function putNode(request: APIRequestContext, origin: string, id: string, body: unknown) {
  const response = await request.put(`/api/nodes/${id}`, { data: body, headers: { origin } });
  expect(response.status(), await response.text()).toBe(200);
}

async function storedParams(request: APIRequestContext, nodeId: string) {
  const response = await request.get(`/api/nodes/${nodeId}`);
  return ((await response.json()) as { data: { params: Record<string, unknown> } }).data.params;
}

/** The one connection's label dialog, opened as a user does: hover it, then its tag button. */
async function openLabel(page: Page) {
  const path = await page.locator('.react-flow__edge-path').boundingBox();
  if (!path) throw new Error('no connection on screen');
  await page.mouse.move(path.x + path.width / 2, path.y + path.height / 2);
  await page.getByRole('button', { name: 'Edit connection label' }).click({ timeout: 5_000 });
  const dialog = page.getByRole('dialog', { name: 'Connection label' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function storedLabel(request: APIRequestContext, projectId: string) {
  return (await storedGraph(request, projectId)).connections[0]?.label;
}

async function openGroupSettings(page: Page) {
  await nodeOfKind(page, 'ai_group')
    .getByRole('button', { name: /Settings of/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Group settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function storedGroup(request: APIRequestContext, projectId: string) {
  const graph = (await storedGraph(request, projectId)) as unknown as {
    groups: { name: string; settings: Record<string, unknown> }[];
  };
  return graph.groups[0];
}

/** A group's settings as the dialog's JSON field holds them. */
const settingsOf = (page: Page) => page.getByRole('dialog', { name: 'AI processor settings' });

async function openSettings(page: Page) {
  await nodeOfKind(page, 'ai_processor')
    .getByRole('button', { name: /Settings of/ })
    .click();
  await expect(settingsOf(page)).toBeVisible();
  return settingsOf(page);
}

/**
 * A and B open the node's settings at once; B types, A types and saves, B is told and keeps
 * their text (and sees A's value in a field B did not touch), then B saves.
 */
async function bothEdit(
  a: Page,
  b: Page,
  [aField, aText]: [string, string],
  [bField, bText]: [string, string],
) {
  const aDialog = await openSettings(a);
  const bDialog = await openSettings(b);
  await bDialog.getByLabel(bField).fill(bText);
  await aDialog.getByLabel(aField).fill(aText);
  await aDialog.getByRole('button', { name: 'Save' }).click();
  await expect(aDialog).toBeHidden();
  await expect(bDialog.getByTestId('remote-change-notice')).toContainText(aField);
  await expect(bDialog.getByLabel(bField)).toHaveValue(bText);
  if (aField !== bField) await expect(bDialog.getByLabel(aField)).toHaveValue(aText);
  await bDialog.getByRole('button', { name: 'Save' }).click();
  return bDialog;
}

test('a node added by one member appears for the other without a reload', async ({
  page,
  browser,
  flowsmith,
}) => {
  const { b, context } = await twoEditors(browser, page, flowsmith);
  await expect(nodes(b)).toHaveCount(1);
  // B has the existing node selected: A's addition must not take that away.
  await nodeOfKind(b, 'ai_processor').click();
  await expect(nodeOfKind(b, 'ai_processor')).toHaveClass(/selected/);

  await page
    .getByTestId('palette-ai_output')
    .dragTo(page.getByTestId('canvas'), { targetPosition: { x: 700, y: 160 } });
  await expect(nodes(page)).toHaveCount(2);
  await expect(nodeOfKind(b, 'ai_output')).toBeVisible();
  await expect(nodeOfKind(b, 'ai_processor')).toHaveClass(/selected/);
  await context.close();
});

test('two members editing one node at once: different params both survive; on the same field the later save wins and the other keeps their text', async ({
  page,
  browser,
  flowsmith,
}) => {
  const { b, context, nodeId } = await twoEditors(browser, page, flowsmith);
  const first = await bothEdit(
    page,
    b,
    ['System prompt', 'Be kind'],
    ['Prompt template', 'Q: {{input}}'],
  );
  await expect(first).toBeHidden();
  expect(await storedParams(page.request, nodeId)).toMatchObject({
    systemPrompt: 'Be kind',
    template: 'Q: {{input}}',
  });

  const bDialog = await bothEdit(
    page,
    b,
    ['System prompt', 'Answer in French'],
    ['System prompt', 'Answer in German'],
  );
  const conflict = bDialog.getByTestId('edit-conflict');
  await expect(conflict).toContainText('System prompt: Answer in French');
  await expect(bDialog.getByLabel('System prompt')).toHaveValue('Answer in German');
  expect((await storedParams(page.request, nodeId)).systemPrompt).toBe('Answer in French');

  // The later save wins when B keeps their own, and A sees it.
  await conflict.getByRole('button', { name: 'Use mine' }).click();
  await expect(bDialog).toBeHidden();
  expect((await storedParams(page.request, nodeId)).systemPrompt).toBe('Answer in German');
  const aAgain = await openSettings(page);
  await expect(aAgain.getByLabel('System prompt')).toHaveValue('Answer in German');
  await context.close();
});

test('a member who was offline gets every change made meanwhile', async ({
  page,
  browser,
  flowsmith,
}) => {
  const { b, context, projectId, nodeId } = await twoEditors(browser, page, flowsmith);
  await expect(b.getByTestId('node-title')).toHaveText(['Writer']);
  await context.setOffline(true);
  await b.waitForTimeout(5_000);

  await putNode(page.request, flowsmith.url, nodeId, { data: { title: 'Editor' } });
  const added = await postFromApp(page.request, '/api/nodes', {
    projectId,
    type: 'ai_output',
    position: { x: 700, y: 100 },
    data: { title: 'Answer', params: {} },
  });
  expect(added.status()).toBe(201);
  await importGraph(page.request, projectId, documentOf([docNode('n', 'input', 0, 'Question')]));
  await expect(page.locator('.react-flow__minimap-node')).toHaveCount(3);

  await context.setOffline(false);
  // The minimap draws every node; the canvas only those in view.
  await expect(b.locator('.react-flow__minimap-node')).toHaveCount(3, { timeout: 30_000 });
  for (let i = 0; i < 4; i++) await b.locator('.react-flow__controls-zoomout').click();
  await expect(b.getByTestId('node-title')).toHaveCount(3);
  expect((await b.getByTestId('node-title').allTextContents()).sort()).toEqual([
    'Answer',
    'Editor',
    'Question',
  ]);
  await context.close();
});

test("undo takes back only the user's own change, never another member's", async ({
  page,
  browser,
  flowsmith,
}) => {
  const { b, context, nodeId } = await twoEditors(browser, page, flowsmith);
  const bDialog = await openSettings(b);
  await bDialog.getByLabel('System prompt').fill('B was here');
  await bDialog.getByRole('button', { name: 'Save' }).click();
  await expect(bDialog).toBeHidden();

  // A changes another param of the same node; B's undo takes back only B's prompt.
  await putNode(page.request, flowsmith.url, nodeId, {
    data: { params: { template: 'A: {{input}}' } },
  });
  await b.getByRole('button', { name: 'Undo' }).click();
  await expect
    .poll(() => storedParams(page.request, nodeId))
    .toMatchObject({ systemPrompt: null, template: 'A: {{input}}' });
  await b.getByRole('button', { name: 'Redo' }).click();
  await expect
    .poll(async () => (await storedParams(page.request, nodeId)).systemPrompt)
    .toBe('B was here');

  // A then changes the same prompt: B's undo would lose it, so it is refused with the reason.
  const aDialog = await openSettings(page);
  await expect(aDialog.getByLabel('System prompt')).toHaveValue('B was here');
  await aDialog.getByLabel('System prompt').fill('A decides');
  await aDialog.getByRole('button', { name: 'Save' }).click();
  await expect(aDialog).toBeHidden();
  await b.getByRole('button', { name: 'Undo' }).click();
  await expect(b.getByText(/Another member changed this node/)).toBeVisible();
  expect((await storedParams(page.request, nodeId)).systemPrompt).toBe('A decides');
  await context.close();
});

const text = (name: string) => ({ name, label: name, type: 'text' });
const step = (id: string, x: number) =>
  docNode(id, 'ai_processor', x, `Step ${id}`, {
    inputs: [text('input')],
    outputs: [text('text')],
  });
/** Two steps joined by one connection. */
const connected = documentOf(
  [step('a', 0), step('b', 420)],
  [{ id: 'ab', source: 'a', target: 'b', sourceHandle: 'text', targetHandle: 'input' }],
);
/** One empty group. */
const grouped = documentOf([
  Object.assign(docNode('g', 'ai_group', 100, 'Steps'), { width: 420, height: 240 }),
]);

test('two members labelling one connection at once: the later save wins, the other keeps their text and chooses', async ({
  page,
  browser,
  flowsmith,
}) => {
  const { b, context, projectId } = await twoEditors(browser, page, flowsmith, connected);
  await expect(edges(page)).toHaveCount(1);
  await expect(edges(b)).toHaveCount(1);
  const aDialog = await openLabel(page);
  const bDialog = await openLabel(b);
  await bDialog.getByLabel('Label', { exact: true }).fill('from Bob');
  await aDialog.getByLabel('Label', { exact: true }).fill('from Ada');
  await aDialog.getByRole('button', { name: 'Save' }).click();
  await expect(aDialog).toBeHidden();

  // B is told while typing, and what B typed stays.
  await expect(bDialog.getByTestId('remote-change-notice')).toContainText('changed this label');
  await expect(bDialog.getByLabel('Label', { exact: true })).toHaveValue('from Bob');
  await bDialog.getByRole('button', { name: 'Save' }).click();
  const conflict = bDialog.getByTestId('edit-conflict');
  await expect(conflict).toContainText('Label: from Ada');
  await expect(bDialog.getByLabel('Label', { exact: true })).toHaveValue('from Bob');
  expect(await storedLabel(page.request, projectId)).toBe('from Ada');

  // B keeps their own: the later save wins, and A sees it on the canvas without a reload.
  await conflict.getByRole('button', { name: 'Use mine' }).click();
  await expect(bDialog).toBeHidden();
  await expect.poll(() => storedLabel(page.request, projectId)).toBe('from Bob');
  await expect(page.getByText('from Bob', { exact: true })).toBeVisible();
  await expect(page.getByText('from Ada', { exact: true })).toHaveCount(0);
  await context.close();
});

test('a group\'s settings changed by another member while open: the notice, untouched fields follow, and "use theirs" takes their value', async ({
  page,
  browser,
  flowsmith,
}) => {
  const { b, context, projectId } = await twoEditors(browser, page, flowsmith, grouped);
  const aDialog = await openGroupSettings(page);
  const bDialog = await openGroupSettings(b);
  await bDialog.getByLabel('What it does').fill('Drafts formal replies');
  await aDialog.getByLabel('Name').fill('Drafting');
  await aDialog.getByLabel('What it does').fill('Drafts casual replies');
  await aDialog.getByRole('button', { name: 'Save' }).click();
  await expect(aDialog).toBeHidden();

  await expect(bDialog.getByTestId('remote-change-notice')).toContainText('Another member changed');
  // B never touched the name, so it follows A's; what B typed stays.
  await expect(bDialog.getByLabel('Name')).toHaveValue('Drafting');
  await expect(bDialog.getByLabel('What it does')).toHaveValue('Drafts formal replies');

  await bDialog.getByRole('button', { name: 'Save' }).click();
  const conflict = bDialog.getByTestId('edit-conflict');
  await expect(conflict).toContainText('Drafts casual replies');
  expect(await storedGroup(page.request, projectId)).toMatchObject({
    name: 'Drafting',
    settings: { description: 'Drafts casual replies' },
  });

  await conflict.getByRole('button', { name: 'Use theirs' }).click();
  await expect(conflict).toBeHidden();
  await expect(bDialog.getByLabel('What it does')).toHaveValue('Drafts casual replies');
  await bDialog.getByLabel('Name').fill('Drafting replies');
  await bDialog.getByRole('button', { name: 'Save' }).click();
  await expect(bDialog).toBeHidden();
  await expect
    .poll(() => storedGroup(page.request, projectId))
    .toMatchObject({
      name: 'Drafting replies',
      settings: { description: 'Drafts casual replies' },
    });

  // A's canvas has B's save without a reload.
  const aAgain = await openGroupSettings(page);
  await expect(aAgain.getByLabel('Name')).toHaveValue('Drafting replies');
  await context.close();
});
