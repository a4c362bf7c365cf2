import { describe, expect, it } from 'vitest';
import type { TRun } from '@flowsmith/shared';
import { expectError, useWorld } from '../../test/api-world';
import { testDatabaseKinds } from '../../test/test-databases';
import { loadPublishedGroup, startPublishedRun } from '../publishing/published-groups';

describe.each(testDatabaseKinds)("a run's params snapshot on %s", (database) => {
  const w = useWorld(database);

  it('keeps the params each node had when the run was created, for members only', async () => {
    const { group, processor, input } = await w.make.flow('echo');
    const started = await w.as.owner.post('/api/runs', {
      projectId: w.projectId,
      nodeGroupId: group.id,
      inputs: { question: 'why?' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const run = started.body.run as TRun;
    expect(run.paramsSnapshot?.[processor.id]).toMatchObject({
      model: 'echo',
      template: 'Q: {{input}}',
    });
    expect(run.paramsSnapshot?.[input.id]).toMatchObject({ name: 'question' });
    await w.finished(run.id);

    const edited = await w.as.owner.put(`/api/nodes/${processor.id}`, {
      data: { title: 'Later', params: { model: 'echo', template: 'Later {{input}}' } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const read = (await w.as.viewer.get(`/api/runs/${run.id}`)).body as TRun;
    expect(read.paramsSnapshot?.[processor.id]).toMatchObject({ template: 'Q: {{input}}' });
    const listed = await w.as.owner.get(`/api/runs?projectId=${w.projectId}&pageSize=100`);
    const item = (listed.body.items as TRun[]).find((candidate) => candidate.id === run.id);
    expect(item?.paramsSnapshot?.[processor.id]).toMatchObject({ template: 'Q: {{input}}' });

    expectError(await w.as.stranger.get(`/api/runs/${run.id}`), 404, 'not_found');
    const strangers = await w.as.stranger.get(`/api/runs?projectId=${w.projectId}`);
    expect(JSON.stringify(strangers.body)).not.toContain('Q: {{input}}');
  });

  it("keeps a published version's frozen params, not the draft's", async () => {
    const { group, processor } = await w.make.flow('echo');
    const versions = `/api/node_groups/${group.id}/versions`;
    expect((await w.as.owner.post(versions, {})).status).toBe(201);
    await w.as.owner.put(`/api/nodes/${processor.id}`, {
      data: { title: 'Draft', params: { model: 'echo', template: 'Draft {{input}}' } },
    });
    const published = (await loadPublishedGroup(w.t.app.db, group.id))!;
    const run = await startPublishedRun(w.t.app.db, w.t.app.runJobs.queue, published, {
      userId: w.users.owner.id,
      inputs: { question: 'hi' },
    });
    const done = await w.finished(run.id);
    expect(done.paramsSnapshot?.[processor.id]).toMatchObject({ template: 'Q: {{input}}' });
  });
});
