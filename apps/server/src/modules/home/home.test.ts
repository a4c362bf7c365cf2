import { describe, expect, it } from 'vitest';
import type { THomeSummary, TRun } from '@flowsmith/shared';
import { expectError, fieldsOf, useWorld, type TWorld } from '../../test/api-world';
import { testDatabaseKinds } from '../../test/test-databases';

describe.each(testDatabaseKinds)('home on %s', (database) => {
  const w = useWorld(database);

  const homeOf = async (client: TWorld['as']['owner'], query = '') => {
    const answer = await client.get(`/api/home${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as THomeSummary;
  };

  const finished = (runId: string) => w.finished(runId);

  it('starts with an empty checklist and the Free plan', async () => {
    const home = await homeOf(w.as.admin);
    expect(home.recentProjects).toEqual([]);
    expect(home.recentRuns).toEqual([]);
    expect(home.failedCalls).toEqual([]);
    expect(home.checklist).toEqual({
      dismissed: false,
      done: { project: false, run: false, customAi: false, database: false },
    });
    expect(home.usage).toMatchObject({
      plan: { code: 'free', name: 'Free' },
      requests: { used: 0, limit: 1000 },
      projects: { used: 0, limit: 3 },
    });
  });

  it('shows recent work, failed calls and usage, and ticks the checklist from real data', async () => {
    const { group } = await w.make.flow('echo');
    const run = (
      await w.as.owner.post('/api/runs', {
        projectId: w.projectId,
        nodeGroupId: group.id,
        inputs: { question: 'hi' },
      })
    ).body.run as TRun;
    expect((await finished(run.id)).status).toBe('succeeded');
    await w.make.customAi();
    await w.make.reqLog({
      userId: w.users.editor.id,
      provider: 'openai',
      model: 'gpt-4o-mini',
      status: 'failed',
      error: 'Incorrect API key provided',
    });
    const db = await w.make.database();
    const imported = await w.t.app.inject({
      method: 'POST',
      url: `/api/node_databases/${db.id}/import`,
      headers: { cookie: w.users.owner.cookie, origin: w.t.origin, 'content-type': 'text/csv' },
      payload: 'key,value\na,1\n',
    });
    expect(imported.statusCode, imported.body).toBe(200);

    const home = await homeOf(w.as.owner);
    expect(home.recentProjects[0]).toMatchObject({ id: w.projectId, name: 'Main', role: 'owner' });
    expect(home.recentRuns[0]).toMatchObject({
      id: run.id,
      projectName: 'Main',
      status: 'succeeded',
      durationMs: expect.any(Number),
    });
    expect(home.failedCalls).toEqual([
      expect.objectContaining({
        projectName: 'Main',
        model: 'gpt-4o-mini',
        error: 'Incorrect API key provided',
      }),
    ]);
    // The echo call of the run and the failed call, both in the owner's project.
    expect(home.usage.requests.used).toBe(2);
    expect(home.usage.projects.used).toBe(1);
    expect(home.checklist.done).toEqual({
      project: true,
      run: true,
      customAi: true,
      database: true,
    });

    // The editor sees the project's runs and calls; the import was the owner's.
    const editor = await homeOf(w.as.editor);
    expect(editor.recentRuns.map((r) => r.id)).toContain(run.id);
    expect(editor.checklist.done.database).toBe(false);
    expect(editor.usage.projects.used).toBe(0);
    expect(editor.usage.requests.used).toBe(0);
  });

  it("never shows another person's projects, runs or calls", async () => {
    const home = await homeOf(w.as.stranger, '?limit=20');
    expect(home.recentProjects.map((p) => p.id)).toEqual([w.strangerProjectId]);
    expect(home.recentRuns).toEqual([]);
    expect(home.failedCalls).toEqual([]);
    expect(home.usage.requests.used).toBe(0);
    expect(home.checklist.done).toEqual({
      project: true,
      run: false,
      customAi: false,
      database: false,
    });
    expectError(await w.as.anonymous.get('/api/home'), 401, 'unauthorized');
  });

  it('keeps the checklist dismissed per person until shown again', async () => {
    expect((await w.as.viewer.put('/api/home/checklist', { dismissed: true })).status).toBe(204);
    expect((await homeOf(w.as.viewer)).checklist.dismissed).toBe(true);
    expect((await homeOf(w.as.editor)).checklist.dismissed).toBe(false);
    expect((await w.as.viewer.put('/api/home/checklist', { dismissed: false })).status).toBe(204);
    expect((await homeOf(w.as.viewer)).checklist.dismissed).toBe(false);
  });

  it('refuses bad input with the field named', async () => {
    for (const query of ['?limit=0', '?limit=21', '?limit=many']) {
      const answer = await w.as.owner.get(`/api/home${query}`);
      expectError(answer, 400, 'validation_error');
      expect(fieldsOf(answer)).toEqual(['limit']);
    }
    const dismissed = await w.as.owner.put('/api/home/checklist', { dismissed: 'yes' });
    expectError(dismissed, 400, 'validation_error');
    expect(fieldsOf(dismissed)).toEqual(['dismissed']);
    expectError(
      await w.as.anonymous.put('/api/home/checklist', { dismissed: true }),
      401,
      'unauthorized',
    );
  });

  it('limits each recent list', async () => {
    const home = await homeOf(w.as.owner, '?limit=1');
    expect(home.recentProjects).toHaveLength(1);
    expect(home.recentRuns).toHaveLength(1);
  });
});
