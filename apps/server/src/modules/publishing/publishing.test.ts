import { describe, expect, it } from 'vitest';
import { expectError, fieldsOf, useWorld } from '../../test/api-world';
import { loadPublishedApp, loadPublishedGroup, startPublishedRun } from './published-groups';

describe('publishing group versions', () => {
  const w = useWorld('pglite');

  const versionsUrl = (groupId: string) => `/api/node_groups/${groupId}/versions`;

  it('publishes a frozen version that runs while the draft changes, with history, diff and restore', async () => {
    const { group, processor } = await w.make.flow('echo');
    const published = await w.as.editor.post(versionsUrl(group.id), { note: 'First cut' });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(published.body.version).toMatchObject({
      number: 1,
      note: 'First cut',
      createdBy: { id: w.users.editor.id, name: 'Eddie Editor' },
    });
    expect(published.body.publication).toMatchObject({
      versionNumber: 1,
      access: 'members',
      allowedOrigins: [],
    });
    const slug = published.body.publication.slug as string;
    expect(slug).toMatch(/^flow-echo-\d+-[0-9a-f]{10}$/);

    // The draft moves on: the published version does not.
    const edited = await w.as.owner.put(`/api/nodes/${processor.id}`, {
      data: { title: 'Shouty', params: { model: 'echo', template: 'LOUD {{input}}' } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const loaded = (await loadPublishedGroup(w.t.app.db, group.id))!;
    expect(loaded).toMatchObject({
      groupId: group.id,
      projectId: w.projectId,
      kind: 'ai_group',
      groupNodeId: group.nodeId,
      version: { id: published.body.version.id, number: 1 },
      publication: { slug, access: 'members' },
      inputs: [expect.objectContaining({ name: 'question', valueType: 'text' })],
      outputs: [expect.objectContaining({ name: 'answer', kind: 'ai_output' })],
    });
    expect((await loadPublishedApp(w.t.app.db, slug))?.groupId).toBe(group.id);
    const run = await startPublishedRun(w.t.app.db, w.t.app.runJobs.queue, loaded, {
      userId: w.users.owner.id,
      inputs: { question: 'hi' },
    });
    const done = await w.finished(run.id);
    expect(done).toMatchObject({ status: 'succeeded', groupVersionId: loaded.version.id });
    expect(done.outputs).toEqual({ answer: 'Echo: Q: hi' });

    const diff = await w.as.viewer.get(
      `${versionsUrl(group.id)}/${published.body.version.id}/diff`,
    );
    expect(diff.status).toBe(200);
    expect(diff.body.nodes).toEqual({
      added: [],
      removed: [],
      changed: [
        {
          id: processor.id,
          type: 'ai_processor',
          title: 'Shouty',
          fields: ['title', 'params.template'],
        },
      ],
    });

    const second = await w.as.owner.post(versionsUrl(group.id), {});
    expect(second.body.version).toMatchObject({ number: 2, note: '' });
    const history = await w.as.viewer.get(versionsUrl(group.id));
    expect(history.body.items.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(history.body.publication).toMatchObject({ versionNumber: 2, slug });

    const restored = await w.as.editor.post(
      `${versionsUrl(group.id)}/${published.body.version.id}/restore`,
      {},
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const node = await w.as.owner.get(`/api/nodes/${processor.id}`);
    expect(node.body.data).toMatchObject({
      title: 'ai_processor',
      params: { template: 'Q: {{input}}' },
    });
    const after = await w.as.owner.get(
      `${versionsUrl(group.id)}/${published.body.version.id}/diff`,
    );
    expect(after.body).toEqual({
      nodes: { added: [], removed: [], changed: [] },
      connections: { added: [], removed: [] },
    });
    // Restoring changes the draft only: version 2 stays published.
    expect((await loadPublishedGroup(w.t.app.db, group.id))?.version.number).toBe(2);
  });

  it('lets editors publish and restore, members read, and hides groups from others', async () => {
    const { group } = await w.make.flow('echo');
    expectError(await w.as.viewer.post(versionsUrl(group.id), { note: 'x' }), 403, 'forbidden');
    expectError(await w.as.stranger.post(versionsUrl(group.id), { note: 'x' }), 404, 'not_found');
    expectError(await w.as.stranger.get(versionsUrl(group.id)), 404, 'not_found');
    expectError(await w.as.anonymous.get(versionsUrl(group.id)), 401, 'unauthorized');
    expect(await loadPublishedGroup(w.t.app.db, group.id)).toBeUndefined();
    expectError(await w.as.owner.get(`/api/node_groups/${group.id}/publication`), 404, 'not_found');

    const v1 = (await w.as.owner.post(versionsUrl(group.id), {})).body.version;
    expectError(
      await w.as.stranger.get(`${versionsUrl(group.id)}/${v1.id}/diff`),
      404,
      'not_found',
    );
    expectError(
      await w.as.viewer.post(`${versionsUrl(group.id)}/${v1.id}/restore`, {}),
      403,
      'forbidden',
    );
    const other = (await w.make.flow('echo')).group;
    // A version of another group is no version of this one.
    expectError(await w.as.owner.get(`${versionsUrl(other.id)}/${v1.id}/diff`), 404, 'not_found');
  });

  it('refuses bad input with the field named', async () => {
    const { group } = await w.make.flow('echo');
    const long = await w.as.owner.post(versionsUrl(group.id), { note: 'x'.repeat(1001) });
    expectError(long, 400, 'validation_error');
    expect(fieldsOf(long)).toEqual(['note']);
    expectError(await w.as.owner.get('/api/node_groups/nope/versions'), 400, 'validation_error');

    const plain = await w.make.group('group');
    const notRunnable = await w.as.owner.post(versionsUrl(plain.id), {});
    expectError(notRunnable, 400, 'validation_error');
    expect(fieldsOf(notRunnable)).toEqual(['id']);
    const empty = await w.make.group('ai_group');
    expect(fieldsOf(await w.as.owner.post(versionsUrl(empty.id), {}))).toEqual(['id']);

    await w.as.owner.post(versionsUrl(group.id), {});
    const url = `/api/node_groups/${group.id}/publication`;
    const badOrigin = await w.as.owner.put(url, {
      access: 'sideways',
      allowedOrigins: ['https://ok.example', 'https://bad.example/path'],
    });
    expectError(badOrigin, 400, 'validation_error');
    expect(fieldsOf(badOrigin).sort()).toEqual(['access', 'allowedOrigins.1']);
    expect(fieldsOf(await w.as.owner.put(url, { slug: 'Not A Slug' }))).toEqual(['slug']);
    expect(fieldsOf(await w.as.owner.put(url, { versionId: group.id }))).toEqual(['versionId']);
    expectError(await w.as.viewer.put(url, { access: 'link' }), 403, 'forbidden');

    const changed = await w.as.editor.put(url, {
      access: 'embed',
      allowedOrigins: ['https://ok.example'],
      slug: 'my-app',
    });
    expect(changed.body).toMatchObject({
      access: 'embed',
      allowedOrigins: ['https://ok.example'],
      slug: 'my-app',
    });
    const { group: second } = await w.make.flow('echo');
    await w.as.owner.post(versionsUrl(second.id), {});
    const taken = await w.as.owner.put(`/api/node_groups/${second.id}/publication`, {
      slug: 'my-app',
    });
    expectError(taken, 409, 'conflict');
    expect(fieldsOf(taken)).toEqual(['slug']);

    expect((await w.as.owner.del(url)).status).toBe(204);
    expect(await loadPublishedGroup(w.t.app.db, group.id)).toBeUndefined();
    expect((await w.as.owner.get(versionsUrl(group.id))).body).toMatchObject({
      items: [expect.objectContaining({ number: 1 })],
      publication: null,
    });
  });

  it('refuses a published run whose inputs do not match, naming them', async () => {
    const { group } = await w.make.flow('echo');
    await w.as.owner.post(versionsUrl(group.id), {});
    const loaded = (await loadPublishedGroup(w.t.app.db, group.id))!;
    const start = (inputs: Record<string, unknown>) =>
      startPublishedRun(w.t.app.db, w.t.app.runJobs.queue, loaded, {
        userId: w.users.owner.id,
        inputs,
      });
    await expect(start({ questoin: 'typo' })).rejects.toMatchObject({
      code: 'validation_error',
      details: [
        { field: 'inputs.questoin', message: expect.stringContaining('question') },
        { field: 'inputs.question', message: 'Required' },
      ],
    });
  });
});
