import { readFile } from 'node:fs/promises';
import { pickOption } from './support/dropdown';
import { expect, test } from './support/flowsmith.fixture';
import { otherPerson, signIn } from './support/auth';
import {
  addMember,
  connect,
  createProject,
  docNode,
  documentOf,
  dragNode,
  edges,
  handle,
  nodeOfKind,
  nodes,
  openCanvas,
  projectWithGraph,
  storedGraph,
  type TDocNode,
  visibleCanvas,
  waitSaved,
} from './constructor-helpers';

test.use({ signedInAs: 'Ada Lovelace' });

const text = (name: string, label = name) => ({ name, label, type: 'text' });

/** An input "Question" connected to an AI output "Answer": nodes, then connections. */
const questionToAnswer = (): [TDocNode[], Record<string, string>[]] => [
  [
    docNode('a', 'input', 0, 'Question', {
      outputs: [{ name: 'value', label: 'Value', type: 'any' }],
    }),
    docNode('b', 'ai_output', 400, 'Answer', { inputs: [text('text', 'Text')] }),
  ],
  [{ id: 'e', source: 'a', target: 'b', sourceHandle: 'value', targetHandle: 'text' }],
];

test('builds input → AI processor → AI output by drag and drop, and reload shows the same', async ({
  page,
}) => {
  const projectId = await createProject(page.request, 'Drag and drop');
  await openCanvas(page, projectId);
  const canvas = page.getByTestId('canvas');

  await page.getByTestId('palette-input').dragTo(canvas, { targetPosition: { x: 60, y: 120 } });
  await expect(nodes(page)).toHaveCount(1);
  await page
    .getByTestId('palette-ai_processor')
    .dragTo(canvas, { targetPosition: { x: 380, y: 120 } });
  await page
    .getByTestId('palette-ai_output')
    .dragTo(canvas, { targetPosition: { x: 700, y: 120 } });
  await expect(nodes(page)).toHaveCount(3);

  const input = nodeOfKind(page, 'input');
  const ai = nodeOfKind(page, 'ai_processor');
  const output = nodeOfKind(page, 'ai_output');
  await connect(page, handle(ai, 'text', 'source'), handle(output, 'text', 'target'));
  await expect(edges(page)).toHaveCount(1);

  // The template decides the processor's inputs: {{question}} replaces the default {{input}}.
  await ai.getByRole('button', { name: /Settings of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'AI processor settings' });
  await dialog.getByLabel('Title').fill('Answerer');
  await pickOption(page, 'param-model', 'Echo (built-in, offline)');
  await dialog.getByLabel('Prompt template').fill('Answer briefly: {{question}}');
  // A number field takes keystrokes (as a user types), not a pasted value.
  const temperature = dialog.getByLabel('Temperature');
  await temperature.selectText();
  await temperature.pressSequentially('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Temperature must be at most 2')).toBeVisible();
  await temperature.selectText();
  await temperature.pressSequentially('0.2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(handle(ai, 'question', 'target')).toBeVisible();
  await expect(handle(ai, 'input', 'target')).toHaveCount(0);

  await connect(page, handle(input, 'value', 'source'), handle(ai, 'question', 'target'));
  await expect(edges(page)).toHaveCount(2);

  await input.getByTestId('node-title').dblclick();
  await input.getByLabel('Node title').fill('Question');
  await input.getByLabel('Node title').press('Enter');
  await expect(input.getByTestId('node-title')).toHaveText('Question');
  await waitSaved(page);

  const before = await visibleCanvas(page);
  expect(before.titles).toEqual(['AI output', 'Answerer', 'Question']);
  expect(before.summaries).toContain('Echo (built-in, offline) · Answer briefly: {{question}}');
  const placesOf = () =>
    nodes(page).evaluateAll((items) => items.map((item) => (item as HTMLElement).style.transform));
  const positions = await placesOf();

  await page.reload();
  await expect(nodes(page)).toHaveCount(3);
  expect(await visibleCanvas(page)).toEqual(before);
  expect(await placesOf()).toEqual(positions);

  const stored = await storedGraph(page.request, projectId);
  const processor = stored.nodes.find((node) => node.type === 'ai_processor')!;
  expect(processor.data.params).toMatchObject({
    model: 'echo',
    template: 'Answer briefly: {{question}}',
    temperature: 0.2,
  });
  expect(stored.inputs.filter((h) => h.nodeId === processor.id).map((h) => h.name)).toEqual([
    'question',
  ]);
  expect(stored.connections.map((c) => `${c.sourceHandle}->${c.targetHandle}`).sort()).toEqual([
    'text->text',
    'value->question',
  ]);
});

test('undo and redo, copy and paste, delete and restore', async ({ page }) => {
  const projectId = await projectWithGraph(page.request, 'Editing', ...questionToAnswer());
  await openCanvas(page, projectId);
  await expect(nodes(page)).toHaveCount(2);
  await expect(edges(page)).toHaveCount(1);

  // Copy both nodes and paste: the copy keeps its internal edge.
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(nodes(page)).toHaveCount(4);
  await expect(edges(page)).toHaveCount(2);
  await page.keyboard.press('Control+z');
  await expect(nodes(page)).toHaveCount(2);
  await page.keyboard.press('Control+Shift+z');
  await expect(nodes(page)).toHaveCount(4);
  await page.keyboard.press('Control+z');
  await expect(nodes(page)).toHaveCount(2);
  await page.keyboard.press('Control+y');
  await expect(nodes(page)).toHaveCount(4);
  await page.keyboard.press('Control+z');
  await expect(nodes(page)).toHaveCount(2);

  // Deleting one node takes its connection; undo brings both back.
  await nodeOfKind(page, 'ai_output').click();
  await page.keyboard.press('Delete');
  await expect(nodes(page)).toHaveCount(1);
  await expect(edges(page)).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(nodes(page)).toHaveCount(2);
  await expect(edges(page)).toHaveCount(1);

  // A move is undone too.
  await dragNode(page, nodeOfKind(page, 'input'), 160, 100);
  await waitSaved(page);
  const moved = (await storedGraph(page.request, projectId)).nodes.find((n) => n.type === 'input')!;
  await page.keyboard.press('Control+z');
  await waitSaved(page);
  const back = (await storedGraph(page.request, projectId)).nodes.find((n) => n.type === 'input')!;
  expect(back.position).not.toEqual(moved.position);

  await page.reload();
  await expect(nodes(page)).toHaveCount(2);
  await expect(edges(page)).toHaveCount(1);
});

test('an incompatible connection is refused with its reason', async ({ page }) => {
  const projectId = await projectWithGraph(page.request, 'Types', [
    docNode('a', 'ai_processor', 0, 'Writer', {
      inputs: [text('input')],
      outputs: [text('text')],
    }),
    docNode('b', 'ai_image_output', 420, 'Picture', {
      inputs: [{ name: 'image', label: 'Image', type: 'image' }],
    }),
  ]);
  await openCanvas(page, projectId);
  await connect(
    page,
    handle(nodeOfKind(page, 'ai_processor'), 'text', 'source'),
    handle(nodeOfKind(page, 'ai_image_output'), 'image', 'target'),
  );
  await expect(page.getByText('A text output cannot feed an image input')).toBeVisible();
  await expect(edges(page)).toHaveCount(0);
  expect((await storedGraph(page.request, projectId)).connections).toEqual([]);
});

test('a viewer sees the canvas but cannot change it', async ({ page, browser, flowsmith }) => {
  const {
    context: viewerContext,
    page: viewer,
    email: viewerEmail,
  } = await otherPerson(browser, flowsmith, 'viewer', 'Vera Viewer');

  const projectId = await projectWithGraph(page.request, 'Shared', ...questionToAnswer());
  await addMember(page.request, projectId, viewerEmail, 'viewer');
  const before = await storedGraph(page.request, projectId);

  await viewer.goto('/login');
  await signIn(viewer, viewerEmail);
  await expect(viewer).toHaveURL(/\/$/);
  await openCanvas(viewer, projectId);
  await expect(viewer.getByTestId('read-only')).toBeVisible();
  await expect(viewer.getByTestId('palette-input')).toHaveCount(0);
  await expect(nodes(viewer)).toHaveCount(2);

  const node = nodeOfKind(viewer, 'input');
  await dragNode(viewer, node, 200, 150);
  await node.click();
  await viewer.keyboard.press('Delete');
  await viewer.keyboard.press('Control+v');
  await node.getByTestId('node-title').dblclick();
  await expect(viewer.getByLabel('Node title')).toHaveCount(0);
  await edges(viewer).first().hover({ force: true });
  await expect(viewer.getByTestId('edge-delete')).toHaveCount(0);
  await node.getByRole('button', { name: /Settings of/ }).click();
  const dialog = viewer.getByRole('dialog', { name: 'Input settings' });
  await expect(dialog.getByLabel('Title')).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await expect(nodes(viewer)).toHaveCount(2);
  const after = await storedGraph(page.request, projectId);
  expect(after.nodes.map((n) => n.position)).toEqual(before.nodes.map((n) => n.position));
  expect(after.connections).toHaveLength(1);
  await viewerContext.close();
});

test('a malformed workflow file is rejected with its reasons and the canvas stays as it was', async ({
  page,
}) => {
  const projectId = await projectWithGraph(page.request, 'Imports', [
    docNode('a', 'blank', 0, 'Keep me'),
  ]);
  await openCanvas(page, projectId);
  await expect(nodes(page)).toHaveCount(1);
  const fileInput = page.getByTestId('import-file');

  const broken = documentOf([
    { ...docNode('x', 'input', 0, 'X'), position: { x: 'left', y: 0 } } as never,
    { ...docNode('y', 'input', 300, 'Y'), type: '' },
  ]);
  await fileInput.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(broken)),
  });
  const report = page.getByRole('dialog', { name: 'The file was not imported' });
  await expect(report.getByTestId('import-report')).toContainText('nodes.0.position.x');
  await expect(report.getByTestId('import-report')).toContainText('nodes.1.type');
  await report.getByRole('button', { name: 'Close' }).first().click();

  // Well-formed but unknown to this server: refused by the server, reported the same way.
  await fileInput.setInputFiles({
    name: 'alien.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(documentOf([docNode('x', 'teleporter', 0, 'Beam')]))),
  });
  await expect(report.getByTestId('import-report')).toContainText('nodes.0.type');
  await report.getByRole('button', { name: 'Close' }).first().click();

  await expect(nodes(page)).toHaveCount(1);
  const stored = await storedGraph(page.request, projectId);
  expect(stored.nodes.map((n) => n.data.title)).toEqual(['Keep me']);
});

test('a group exports as a workflow file that imports back with its contents', async ({ page }) => {
  const projectId = await projectWithGraph(page.request, 'Group files', [
    Object.assign(docNode('g', 'group', 0, 'Frame'), { width: 400, height: 300 }),
    Object.assign(docNode('n', 'blank', 40, 'Inside'), { parentId: 'g' }),
  ]);
  await openCanvas(page, projectId);
  await expect(nodes(page)).toHaveCount(2);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('group-export-button').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('frame.flowsmith.json');
  const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    nodes: Array<{ type: string; parentId: string | null }>;
  };
  expect(exported.nodes.map((n) => n.type)).toEqual(['group', 'blank']);

  await page.getByTestId('import-file').setInputFiles({
    name: 'frame.flowsmith.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(exported)),
  });
  await expect(nodes(page)).toHaveCount(4);
  const stored = await storedGraph(page.request, projectId);
  expect(stored.nodes.filter((n) => n.parentId !== null)).toHaveLength(2);
});
