import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/flowsmith.fixture';
import {
  docNode,
  edges,
  nodeOfKind,
  nodes,
  openCanvas,
  projectWithGraph,
  storedGraph,
  type TStoredGraph,
  waitSaved,
} from './constructor-helpers';
import { confirmWith } from './support/confirm';

test.use({ signedInAs: 'Ada Lovelace' });

const text = (name: string) => ({ name, label: name, type: 'text' });
const processor = (id: string, x: number) =>
  Object.assign(
    docNode(id, 'ai_processor', x, `Step ${id}`, {
      inputs: [text('input')],
      outputs: [text('text')],
    }),
    { parentId: 'g', position: { x, y: 60 } },
  );
const chain = (from: string, to: string) => ({
  id: `${from}${to}`,
  source: from,
  target: to,
  sourceHandle: 'text',
  targetHandle: 'input',
});

/** An AI group "Steps" of `width` holding processors at these x, each feeding the next. */
function stepsInGroup(width: number, xs: Record<string, number>) {
  const ids = Object.keys(xs);
  return [
    [
      Object.assign(docNode('g', 'ai_group', 0, 'Steps'), { width, height: 260 }),
      ...ids.map((id) => processor(id, xs[id]!)),
    ],
    ids.slice(1).map((id, i) => chain(ids[i]!, id)),
  ] as const;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/**
 * Whether each child is drawn inside the group's frame. While the view settles a node may be
 * between renders and have no box yet: that is "not yet", for the poll to ask again.
 */
async function insideGroup(page: Page) {
  const frame = await nodeOfKind(page, 'ai_group').boundingBox();
  if (!frame) return false;
  for (const child of await nodeOfKind(page, 'ai_processor').all()) {
    const rect = await child.boundingBox();
    if (
      !rect ||
      rect.x < frame.x ||
      rect.y < frame.y ||
      rect.x + rect.width > frame.x + frame.width + 1 ||
      rect.y + rect.height > frame.y + frame.height + 1
    )
      return false;
  }
  return true;
}

test('auto-layout lays out inside a group, sizes it to its children, and undoes in one step', async ({
  page,
}) => {
  const [steps, chained] = stepsInGroup(360, { a: 20, b: 40, c: 60 });
  const projectId = await projectWithGraph(page.request, 'Grouped layout', steps, chained);
  await openCanvas(page, projectId);
  await expect(nodes(page)).toHaveCount(4);
  const before = await storedGraph(page.request, projectId);

  await page.getByRole('button', { name: 'Auto-layout' }).click();
  await waitSaved(page);
  await expect.poll(() => insideGroup(page)).toBe(true);
  const stored = await storedGraph(page.request, projectId);
  expect(stored.nodes.filter((n) => n.parentId !== null)).toHaveLength(3);
  const x = (id: string) => stored.nodes.find((n) => n.data.title === `Step ${id}`)!.position.x;
  expect(x('a')).toBeLessThan(x('b'));
  expect(x('b')).toBeLessThan(x('c'));

  // One undo puts every node and the frame back where they were.
  const places = (graph: TStoredGraph) => graph.nodes.map((n) => [n.data.title, n.position]);
  await page.keyboard.press('Control+z');
  await expect
    .poll(async () => places(await storedGraph(page.request, projectId)))
    .toEqual(places(before));
});

test('the label and delete buttons of a connection inside a group work', async ({ page }) => {
  const [steps, chained] = stepsInGroup(700, { a: 20, b: 420 });
  const projectId = await projectWithGraph(page.request, 'Grouped edges', steps, chained);
  await openCanvas(page, projectId);
  await expect(edges(page)).toHaveCount(1);

  const path = await box(page.locator('.react-flow__edge-path'));
  await page.mouse.move(path.x + path.width / 2, path.y + path.height / 2);
  await page.getByRole('button', { name: 'Edit connection label' }).click({ timeout: 5_000 });
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox').fill('draft');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('draft', { exact: true })).toBeVisible();

  await page.mouse.move(path.x + path.width / 2, path.y + path.height / 2);
  await page.getByRole('button', { name: 'Delete connection' }).click({ timeout: 5_000 });
  await expect(edges(page)).toHaveCount(0);
  await waitSaved(page);
  expect((await storedGraph(page.request, projectId)).connections).toHaveLength(0);
});

test('paste lands at the pointer and selects what was pasted', async ({ page }) => {
  const projectId = await projectWithGraph(page.request, 'Pasting', [
    docNode('a', 'blank', 0, 'First'),
    docNode('b', 'blank', 300, 'Second'),
  ]);
  await openCanvas(page, projectId);
  await expect(nodes(page)).toHaveCount(2);

  await page.keyboard.press('Control+a');
  await page.keyboard.press('Control+c');
  const canvas = await box(page.getByTestId('canvas'));
  const at = { x: canvas.x + 60, y: canvas.y + canvas.height / 2 + 80 };
  await page.mouse.move(at.x, at.y);
  await page.keyboard.press('Control+v');
  await expect(nodes(page)).toHaveCount(4);

  // The copies, and only they, are selected, their top-left corner at the pointer.
  const selected = page.locator('.react-flow__node.selected');
  await expect(selected).toHaveCount(2);
  const first = await box(selected.filter({ hasText: 'First' }));
  expect(Math.abs(first.x - at.x)).toBeLessThan(30);
  expect(Math.abs(first.y - at.y)).toBeLessThan(30);

  // Delete acts on what was pasted.
  await page.keyboard.press('Delete');
  await confirmWith(page, 'Delete nodes', 'Delete');
  await expect(nodes(page)).toHaveCount(2);
  await waitSaved(page);
  const stored = await storedGraph(page.request, projectId);
  expect(stored.nodes.map((n) => n.position).sort((a, b) => a.x - b.x)).toEqual([
    { x: 0, y: 100 },
    { x: 300, y: 100 },
  ]);
});
