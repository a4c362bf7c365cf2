import { describe, expect, it } from 'vitest';
import type { TCanvasChanges, TCanvasPublication } from '@flowsmith/shared';
import { CanvasFeed } from './canvas-feed';

const publication = (offset: number): TCanvasPublication => ({
  channel: 'project:p',
  data: { remove: { nodes: [`n${offset}`] } },
  offset,
  info: { client: '', user: 'u', connInfo: {} },
  tags: { type: 'canvas' },
});

function feedFrom(offset: number, stored: TCanvasPublication[], keptFrom = 1) {
  const applied: number[] = [];
  const asked: number[] = [];
  let reloads = 0;
  const feed = new CanvasFeed(offset, {
    fetchAfter: async (after): Promise<TCanvasChanges> => {
      asked.push(after);
      const last = stored.at(-1)?.offset ?? 0;
      if (after + 1 < keptFrom) return { offset: last, complete: false, publications: [] };
      return {
        offset: last,
        complete: true,
        publications: stored.filter((p) => p.offset > after),
      };
    },
    apply: (p) => applied.push(p.offset),
    reload: () => (reloads += 1),
    onError: (error) => {
      throw error;
    },
  });
  return { feed, applied, asked, reloads: () => reloads };
}

describe('CanvasFeed', () => {
  it('applies publications in order, once each', async () => {
    const { feed, applied, asked } = feedFrom(3, []);
    for (const offset of [4, 5, 5, 4, 6]) feed.receive(publication(offset));
    await feed.catchUp(6);
    expect(applied).toEqual([4, 5, 6]);
    expect(asked).toEqual([]);
  });

  it('asks for what it missed when a publication skips offsets', async () => {
    const stored = [1, 2, 3, 4, 5].map(publication);
    const { feed, applied, asked } = feedFrom(1, stored);
    feed.receive(publication(2));
    feed.receive(publication(5));
    feed.receive(publication(4));
    await feed.catchUp(5);
    expect(applied).toEqual([2, 3, 4, 5]);
    expect(asked).toEqual([2]);
    expect(feed.lastOffset).toBe(5);
  });

  it('catches up after a reconnect, and only when behind', async () => {
    const stored = [1, 2, 3].map(publication);
    const { feed, applied, asked } = feedFrom(1, stored);
    await feed.catchUp(1);
    expect(asked).toEqual([]);
    await feed.catchUp(3);
    expect(applied).toEqual([2, 3]);
    expect(asked).toEqual([1]);
  });

  it('reloads when what it missed was pruned, and then stops', async () => {
    const stored = [10, 11].map(publication);
    const { feed, applied, reloads } = feedFrom(2, stored, 10);
    feed.receive(publication(11));
    await feed.catchUp();
    feed.receive(publication(12));
    await feed.catchUp();
    expect(reloads()).toBe(1);
    expect(applied).toEqual([]);
  });
});
