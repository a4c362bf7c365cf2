/// <reference lib="dom" />
// The probes below run in the page (passed to Playwright), so they are typed against the DOM.
import type { Page } from '@playwright/test';

type TBenchWindow = Window & {
  __benchReady?: number;
  __benchFrames?: number;
  __benchCounting?: boolean;
  __benchStart?: number;
};

/**
 * Installed before any page script: records, relative to navigation start, the first frame of
 * a settled canvas: nodes on the page, every one measured (React Flow keeps a node hidden until
 * it knows its size), and no node added or removed over the next `settleFrames` frames. A page
 * that draws only the nodes in view settles with fewer, so both pages are judged alike.
 */
export function readyProbe(settleFrames: number) {
  const win = window as TBenchWindow;
  let candidate: { at: number; count: number; frames: number } | null = null;
  const check = () => {
    const count = document.querySelectorAll('.react-flow__node').length;
    const hidden = document.querySelector('.react-flow__node[style*="visibility: hidden"]');
    if (!count || hidden) candidate = null;
    else if (!candidate || candidate.count !== count)
      candidate = { at: performance.now(), count, frames: 0 };
    else if (++candidate.frames >= settleFrames) {
      win.__benchReady = candidate.at;
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

export async function loadTime(page: Page, timeoutMs = 60_000): Promise<number> {
  await page.waitForFunction(() => (window as TBenchWindow).__benchReady !== undefined, null, {
    timeout: timeoutMs,
    polling: 50,
  });
  return page.evaluate(() => (window as TBenchWindow).__benchReady!);
}

/** A point of bare canvas (no node under it), where a drag pans. */
async function panePoint(page: Page): Promise<{ x: number; y: number }> {
  const point = await page.evaluate(() => {
    const pane = document.querySelector('.react-flow__pane')!.getBoundingClientRect();
    for (let y = pane.top + pane.height / 2; y < pane.bottom - 10; y += 7) {
      for (let x = pane.left + pane.width / 2; x < pane.right - 10; x += 7) {
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane'))
          return { x, y };
      }
    }
    return null;
  });
  if (!point) throw new Error('no empty canvas to start a pan from');
  return point;
}

/**
 * A point inside a node near the middle of the canvas that starts a node drag: not on a
 * handle, a field or anything marked `nodrag`.
 */
async function nodePoint(page: Page): Promise<{ x: number; y: number; id: string }> {
  const point = await page.evaluate(() => {
    const pane = document.querySelector('.react-flow__pane')!.getBoundingClientRect();
    const centre = { x: pane.left + pane.width / 2, y: pane.top + pane.height / 2 };
    const nodes = Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node'))
      .map((node) => ({ node, box: node.getBoundingClientRect() }))
      .filter(({ box }) => box.left > pane.left && box.right < pane.right && box.top > pane.top)
      .sort(
        (a, b) =>
          Math.hypot(a.box.x - centre.x, a.box.y - centre.y) -
          Math.hypot(b.box.x - centre.x, b.box.y - centre.y),
      );
    for (const { node, box } of nodes) {
      for (let y = box.top + 4; y < box.bottom - 4; y += 5) {
        for (let x = box.left + 12; x < box.right - 12; x += 5) {
          const hit = document.elementFromPoint(x, y);
          if (!hit || !node.contains(hit)) continue;
          if (hit.closest('.nodrag, .react-flow__handle, input, textarea, button')) continue;
          return { x, y, id: node.dataset.id! };
        }
      }
    }
    return null;
  });
  if (!point) throw new Error('no node to drag in view');
  return point;
}

/**
 * Frames per second while the mouse drags from `start` in a circle for `durationMs`, with
 * requestAnimationFrame counting the frames the page manages to draw.
 */
async function dragFps(page: Page, start: { x: number; y: number }, durationMs: number) {
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.evaluate(() => {
    const win = window as TBenchWindow;
    win.__benchFrames = 0;
    win.__benchCounting = true;
    win.__benchStart = performance.now();
    const tick = () => {
      if (!win.__benchCounting) return;
      win.__benchFrames! += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const until = Date.now() + durationMs;
  for (let step = 0; Date.now() < until; step++) {
    const angle = step / 15;
    await page.mouse.move(start.x + 150 * Math.sin(angle), start.y + 100 * (1 - Math.cos(angle)));
  }
  const { frames, ms } = await page.evaluate(() => {
    const win = window as TBenchWindow;
    win.__benchCounting = false;
    return { frames: win.__benchFrames!, ms: performance.now() - win.__benchStart! };
  });
  await page.mouse.up();
  return frames / (ms / 1000);
}

/** Frames per second while the user pans: a drag on empty canvas. */
export async function panFps(page: Page, durationMs = 3000): Promise<number> {
  return dragFps(page, await panePoint(page), durationMs);
}

/** Frames per second while the user drags one node around (the rest stay put). */
export async function nodeDragFps(page: Page, durationMs = 3000): Promise<number> {
  const start = await nodePoint(page);
  const node = page.locator(`.react-flow__node[data-id="${start.id}"]`);
  const before = await node.evaluate((element) => element.style.transform);
  const fps = await dragFps(page, start, durationMs);
  if ((await node.evaluate((element) => element.style.transform)) === before)
    throw new Error(`node ${start.id} did not move while dragged`);
  return fps;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The value below which `p` % of `values` lie (nearest rank). */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
