import { expect, test } from './support/flowsmith.fixture';
import { docNode, openCanvas, projectWithGraph } from './constructor-helpers';

test.use({ signedInAs: 'Ada Lovelace' });

test('the sidebar stays in view, no tooltip outlives its button, and the canvas takes more room', async ({
  page,
}) => {
  const projectId = await projectWithGraph(page.request, 'Roomy', [
    docNode('a', 'blank', 0, 'Left'),
    docNode('b', 'blank', 900, 'Right'),
  ]);
  const sidebar = page.getByRole('complementary', { name: 'Main menu' });

  // A long page scrolls under the menu, not the menu with it.
  await page.setViewportSize({ width: 1280, height: 480 });
  await page.goto('/documentation');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Wheel over the page's content until the lazily drawn guide is long enough to scroll.
  await expect(async () => {
    await page.mouse.move(800, 300);
    await page.mouse.wheel(0, 5000);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  }).toPass();
  await expect(sidebar.getByRole('link', { name: 'Home' })).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });

  // "Open project" leaves for the canvas without leaving its tooltip behind.
  await page.goto('/project');
  const open = page.getByRole('button', { name: 'Open project' });
  // The tooltip binds to buttons shortly after they appear: hover until it shows.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await open.hover();
    await expect(page.locator('.p-tooltip')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await open.click();
  await expect(page.locator('.react-flow__renderer')).toBeVisible();
  await expect(page.locator('.p-tooltip')).toHaveCount(0);

  // The palette folds away, and stays so on the next visit.
  const palette = page.getByRole('complementary', { name: 'Node palette' });
  const canvas = page.getByTestId('canvas');
  const narrow = (await canvas.boundingBox())!.width;
  await page.getByRole('button', { name: 'Hide the node palette' }).click();
  await expect(palette).toHaveCount(0);
  await expect.poll(async () => (await canvas.boundingBox())!.width).toBeGreaterThan(narrow);
  await openCanvas(page, projectId);
  await expect(palette).toHaveCount(0);
  await page.getByRole('button', { name: 'Show the node palette' }).click();
  await expect(palette).toBeVisible();

  // Full screen: the canvas takes the whole window, zoom controls in view, until it is left.
  await page.getByRole('button', { name: 'Full screen' }).click();
  const workspace = page.getByTestId('canvas-workspace');
  await expect
    .poll(async () => await workspace.boundingBox())
    .toEqual({
      x: 0,
      y: 0,
      width: 1280,
      height: 800,
    });
  await expect(page.locator('.react-flow__controls')).toBeInViewport();
  await page.getByRole('button', { name: 'Leave full screen' }).click();
  await expect(sidebar.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.locator('.react-flow__controls')).toBeInViewport();

  // The run history opens beside the canvas without hiding the nodes that were in view.
  const titles = page.getByTestId('node-title');
  await page.evaluate(
    (key) => localStorage.setItem(key, JSON.stringify({ x: 40, y: 40, zoom: 0.5 })),
    `flowsmith.viewport.${projectId}`,
  );
  await openCanvas(page, projectId);
  await expect(titles.filter({ hasText: 'Right' })).toBeInViewport({ ratio: 1 });
  await page.getByTestId('run-history-toggle').click();
  await expect(page.getByRole('complementary', { name: 'Run history' })).toBeVisible();
  await expect(titles.filter({ hasText: 'Right' })).toBeInViewport({ ratio: 1 });
  await expect(titles.filter({ hasText: 'Left' })).toBeInViewport({ ratio: 1 });
});
