import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reqLogs } from '../../db/schema/index';
import { createWorld, type TWorld } from '../../test/api-world';
import { liveReqLog } from './req-logs.resource';

describe('long texts in the request log', () => {
  let w: TWorld;
  beforeAll(async () => {
    w = await createWorld('pglite');
  }, 120_000);
  afterAll(() => w.t.close());

  it('lists a call by the beginnings of its long texts, and its own row has them whole', async () => {
    const prompt = `${'p'.repeat(50_000)}😀`;
    const [row] = await w.t.database.db
      .insert(reqLogs)
      .values({
        projectId: w.projectId,
        userId: w.users.owner.id,
        provider: 'echo',
        model: 'echo',
        status: 'failed',
        prompt,
        response: 'short',
        error: 'e'.repeat(3_000),
      })
      .returning();
    const list = await w.as.viewer.get(`/api/req_logs?projectId=${w.projectId}`);
    expect(JSON.stringify(list.body).length).toBeLessThan(20_000);
    const listed = list.body.items.find((item: { id: string }) => item.id === row!.id);
    expect(listed).toMatchObject({ truncated: true, response: 'short' });
    expect(listed.prompt).toBe('p'.repeat(2_000));
    expect(listed.error).toHaveLength(2_000);
    expect(listed).not.toHaveProperty('prompt__length');

    const whole = await w.as.viewer.get(`/api/req_logs/${row!.id}`);
    expect(whole.body).toMatchObject({ truncated: false, prompt, error: 'e'.repeat(3_000) });
    expect((await w.as.stranger.get(`/api/req_logs/${row!.id}`)).status).toBe(404);
  });

  it('sends a new call out live clipped as a list shows it, never inside a character', () => {
    const base = { id: 'x', createdAt: new Date(0), updatedAt: new Date(0), response: null };
    const short = liveReqLog({ ...base, prompt: 'hi', error: null });
    expect(short).toMatchObject({
      prompt: 'hi',
      truncated: false,
      createdAt: '1970-01-01T00:00:00.000Z',
    });
    const long = liveReqLog({ ...base, prompt: `${'a'.repeat(1_999)}😀😀`, error: null });
    expect(long).toMatchObject({ prompt: 'a'.repeat(1_999), truncated: true });
    const exact = liveReqLog({ ...base, prompt: 'b'.repeat(2_000), error: null });
    expect(exact).toMatchObject({ truncated: false });
  });
});
