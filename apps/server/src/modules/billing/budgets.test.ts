import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TPublication } from '@flowsmith/shared';
import { expectError, fieldsOf, useWorld } from '../../test/api-world';

describe('project budgets', () => {
  const w = useWorld('pglite');
  beforeAll(async () => {
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** A priced model call of `dollars` in the project, through the request log. */
  const spend = (dollars: number) =>
    w.t.app.models.requestLog(
      { userId: w.users.owner.id, projectId: w.projectId },
      {
        provider: 'openai',
        modelId: 'openai:gpt-4o-mini',
        model: 'gpt-4o-mini',
        status: 'succeeded',
        latencyMs: 1,
        inputTokens: 0,
        // gpt-4o-mini: $0.60 per million output tokens.
        outputTokens: Math.round((dollars / 0.6) * 1_000_000),
        prompt: 'x',
      },
    );

  it('rejects bad caps naming the field, and lets only owners set one', async () => {
    const url = `/api/projects/${w.projectId}/budget`;
    for (const monthlyCapCents of [0, -5, 1.5, 'ten', 1e12]) {
      const answer = await w.as.owner.put(url, { monthlyCapCents });
      expectError(answer, 400, 'validation_error');
      expect(fieldsOf(answer)).toEqual(['monthlyCapCents']);
    }
    expectError(await w.as.editor.put(url, { monthlyCapCents: 100 }), 403, 'forbidden');
    expectError(await w.as.stranger.put(url, { monthlyCapCents: 100 }), 404, 'not_found');
    expectError(await w.as.stranger.get(url), 404, 'not_found');
    expect((await w.as.viewer.get(url)).body).toMatchObject({ monthlyCapCents: null });
  });

  it('warns the owner once at 80 %, then stops runs with 402 at the cap', async () => {
    const set = await w.as.owner.put(`/api/projects/${w.projectId}/budget`, {
      monthlyCapCents: 100,
    });
    expect(set.body).toMatchObject({ monthlyCapCents: 100, spentCents: 0 });

    const port = (w.t.app.server.address() as AddressInfo).port;
    const wsInfo = (await w.as.owner.get('/api/auth/ws-token')).body;
    const socket = connect(`http://127.0.0.1:${port}`, {
      auth: { token: wsInfo.token },
      transports: ['websocket'],
      reconnection: false,
    });
    const notices: TPublication[] = [];
    socket.on('publication', (publication) => {
      if ((publication.data as { type?: string }).type === 'budget-warning')
        notices.push(publication);
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await socket.emitWithAck('subscribe', `user:${w.users.owner.id}`);

    await spend(0.5);
    await spend(0.35);
    await spend(0.05);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data).toMatchObject({
      projectId: w.projectId,
      projectName: 'Main',
      monthlyCapCents: 100,
    });
    socket.disconnect();

    const { group } = await w.make.flow('echo');
    const start = () =>
      w.as.owner.post('/api/runs', {
        projectId: w.projectId,
        nodeGroupId: group.id,
        inputs: { question: 'hi' },
      });
    expect((await start()).status).toBe(202);
    await spend(0.2);
    const refused = await start();
    expectError(refused, 402, 'quota_exceeded');
    expect(refused.body.error.quota).toMatchObject({ name: 'projectBudget', limit: 100 });
    // Lifting the cap lets runs start again.
    await w.as.owner.put(`/api/projects/${w.projectId}/budget`, { monthlyCapCents: null });
    expect((await start()).status).toBe(202);
  });
});
