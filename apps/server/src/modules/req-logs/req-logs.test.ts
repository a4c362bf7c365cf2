import { describe, expect, it } from 'vitest';
import { useWorld } from '../../test/api-world';
import { testDatabaseKinds } from '../../test/test-databases';
import { callAttempts } from '../models/request-log';
import { liveReqLog } from './req-logs.resource';

describe.each(testDatabaseKinds)(
  'attempts of a model call in the request log on %s',
  (database) => {
    const w = useWorld(database);
    const call = (status: 'succeeded' | 'failed' | 'cancelled') => ({
      provider: 'builtin',
      modelId: 'echo',
      model: 'echo',
      status,
      latencyMs: 5,
      inputTokens: 3,
      outputTokens: status === 'failed' ? 0 : 2,
      prompt: 'hi',
    });

    it('writes one row per attempt under one call id, and a new call after a success', async () => {
      const log = w.t.app.models.requestLog;
      const context = { userId: w.users.owner.id, projectId: w.projectId };
      const attempts = callAttempts();
      for (const status of ['failed', 'failed', 'succeeded', 'cancelled'] as const) {
        const attempt = attempts.next('node');
        await log(context, { ...attempt, ...call(status) });
        attempts.ended('node', attempt, status);
      }
      const once = await log(context, call('succeeded'));
      expect(once).toMatchObject({ callId: once.id, attempt: 1 });

      const rows = (
        await w.as.viewer.get(`/api/req_logs?projectId=${w.projectId}&sort=createdAt&pageSize=50`)
      ).body.items as Array<{ id: string; callId: string; attempt: number; status: string }>;
      const mine = rows.filter((row) => row.id !== once.id).slice(-4);
      expect(mine.map((row) => [row.status, row.attempt])).toEqual([
        ['failed', 1],
        ['failed', 2],
        ['succeeded', 3],
        ['cancelled', 1],
      ]);
      expect(new Set(mine.slice(0, 3).map((row) => row.callId)).size).toBe(1);
      expect(mine[3]!.callId).not.toBe(mine[0]!.callId);

      const cancelled = await w.as.viewer.get(
        `/api/req_logs?projectId=${w.projectId}&status=cancelled`,
      );
      expect(cancelled.body.items.map((row: { id: string }) => row.id)).toEqual([mine[3]!.id]);
      expect((await w.as.viewer.get('/api/req_logs?status=stopped')).status).toBe(400);
    });
  },
);

describe('long texts in the request log', () => {
  const w = useWorld('pglite');

  it('lists a call by the beginnings of its long texts, and its own row has them whole', async () => {
    const prompt = `${'p'.repeat(50_000)}😀`;
    const row = await w.make.reqLog({
      status: 'failed',
      prompt,
      response: 'short',
      error: 'e'.repeat(3_000),
    });
    const list = await w.as.viewer.get(`/api/req_logs?projectId=${w.projectId}`);
    expect(JSON.stringify(list.body).length).toBeLessThan(20_000);
    const listed = list.body.items.find((item: { id: string }) => item.id === row.id);
    expect(listed).toMatchObject({ truncated: true, response: 'short' });
    expect(listed.prompt).toBe('p'.repeat(2_000));
    expect(listed.error).toHaveLength(2_000);
    expect(listed).not.toHaveProperty('prompt__length');

    const whole = await w.as.viewer.get(`/api/req_logs/${row.id}`);
    expect(whole.body).toMatchObject({ truncated: false, prompt, error: 'e'.repeat(3_000) });
    expect((await w.as.stranger.get(`/api/req_logs/${row.id}`)).status).toBe(404);
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
