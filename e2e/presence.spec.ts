import type { Page } from '@playwright/test';
import { expect, test } from './support/flowsmith.fixture';
import { otherPerson, signIn } from './support/auth';
import {
  addMember,
  docNode,
  nodeOfKind,
  openCanvas,
  projectWithGraph,
} from './constructor-helpers';

test.use({ signedInAs: 'Ada Lovelace' });

const avatars = (page: Page) => page.getByTestId('presence-avatar');

test('members see who is on the canvas, where the others point and what they selected', async ({
  page,
  browser,
  flowsmith,
}) => {
  const bobPerson = await otherPerson(browser, flowsmith, 'bob', 'Bob Builder');
  const bob = bobPerson.page;
  const graph = [docNode('a', 'input', 0, 'Question'), docNode('b', 'ai_output', 400, 'Answer')];
  const projectId = await projectWithGraph(page.request, 'Together', graph);
  // A viewer is present like anyone else.
  await addMember(page.request, projectId, bobPerson.email, 'viewer');

  await openCanvas(page, projectId);
  await expect(avatars(page)).toHaveCount(1);
  await expect(avatars(page).first()).toHaveAttribute('title', 'Ada Lovelace (you)');

  await bob.goto('/login');
  await signIn(bob, bobPerson.email);
  await expect(bob).toHaveURL(/\/$/);
  await openCanvas(bob, projectId);

  // Each sees both, their own avatar first.
  await expect(avatars(page)).toHaveCount(2);
  await expect(avatars(page).nth(1)).toHaveAttribute('title', 'Bob Builder');
  await expect(avatars(bob)).toHaveCount(2);
  await expect(avatars(bob).first()).toHaveAttribute('title', 'Bob Builder (you)');
  await expect(avatars(bob).nth(1)).toHaveAttribute('title', 'Ada Lovelace');
  await expect(avatars(bob).nth(1)).toHaveText('AL');

  // Bob selects the output node: Ada sees it outlined in Bob's colour.
  const answer = nodeOfKind(bob, 'ai_output');
  await answer.click();
  const answerId = await answer.getAttribute('data-id');
  const outline = page.getByTestId('presence-selection');
  await expect(outline).toHaveCount(1);
  await expect(outline).toHaveAttribute('data-node-id', answerId!);
  const bobColour = await avatars(page)
    .nth(1)
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await outline.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe(
    bobColour,
  );
  const answerOnAda = (await nodeOfKind(page, 'ai_output').boundingBox())!;
  const outlineBox = (await outline.boundingBox())!;
  expect(outlineBox.x).toBeLessThan(answerOnAda.x);
  expect(outlineBox.x + outlineBox.width).toBeGreaterThan(answerOnAda.x + answerOnAda.width);
  // Ada's own selection is not drawn on Bob's screen as someone else's.
  await nodeOfKind(page, 'input').click();
  await expect(bob.getByTestId('presence-selection')).toHaveCount(1);
  await expect(bob.getByTestId('presence-selection')).toHaveAttribute(
    'data-node-id',
    (await nodeOfKind(page, 'input').getAttribute('data-id'))!,
  );

  // Bob's pointer over the input node shows as his cursor over the same node on Ada's screen,
  // though Ada has zoomed out and Bob has not.
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom Out' }).click();
  const question = (await nodeOfKind(bob, 'input').boundingBox())!;
  await bob.mouse.move(question.x + 5, question.y + 5);
  await bob.mouse.move(question.x + 10, question.y + 10, { steps: 5 });
  const cursor = page.getByTestId('presence-cursor');
  await expect(cursor).toHaveCount(1);
  await expect(cursor).toHaveAttribute('data-user', 'Bob Builder');
  await expect(cursor).toContainText('Bob Builder');
  await expect(async () => {
    // Ten pixels into the node at Bob's zoom is ten times Ada's relative zoom on hers.
    const tip = (await cursor.locator('svg').boundingBox())!;
    const questionOnAda = (await nodeOfKind(page, 'input').boundingBox())!;
    const scale = questionOnAda.width / question.width;
    expect(scale).toBeLessThan(0.8);
    expect(Math.abs(tip.x - (questionOnAda.x + 10 * scale))).toBeLessThan(2);
    expect(Math.abs(tip.y - (questionOnAda.y + 10 * scale))).toBeLessThan(2);
  }).toPass();

  // Drawn above the node, which is raised because Ada selected it.
  const layers = await page.evaluate(() =>
    ['[data-testid="presence-cursor"]', '.react-flow__node-input'].map((selector) =>
      Number(getComputedStyle(document.querySelector(selector)!).zIndex),
    ),
  );
  expect(layers[0]).toBeGreaterThan(layers[1]!);

  // Bob's network drops without a goodbye: within 10 s he is gone from Ada's canvas.
  await bobPerson.context.setOffline(true);
  await expect(avatars(page)).toHaveCount(1, { timeout: 10_000 });
  await expect(page.getByTestId('presence-selection')).toHaveCount(0);
  await expect(cursor).toHaveCount(0);

  // Back online, he reappears; leaving the canvas clears him at once.
  await bobPerson.context.setOffline(false);
  await expect(avatars(page)).toHaveCount(2, { timeout: 15_000 });
  await bob.goto('/');
  await expect(avatars(page)).toHaveCount(1);
  await bobPerson.context.close();
});
