import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useWorld, type TWorld } from '../../test/api-world';
import { queryRows, testDatabaseKinds } from '../../test/test-databases';

/** Row counts of every table that hangs off a project. */
async function projectRowCounts(w: TWorld, projectId: string) {
  const tables = [
    'nodes',
    'node_groups',
    'node_inputs',
    'node_outputs',
    'node_connections',
    'node_databases',
    'database_values',
    'custom_ais',
    'custom_ai_to_node_groups',
    'conversations',
    'runs',
    'req_logs',
    'project_users',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ n: number }>(
      w.t.database.db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where project_id = ${projectId}`,
    );
    counts[table] = row!.n;
  }
  return counts;
}

describe.each(testDatabaseKinds)('canvas integrity on %s', (database) => {
  const w = useWorld(database);

  const connect = (
    source: string,
    sourceHandle: string,
    target: string,
    targetHandle: string,
    projectId = w.projectId,
  ) =>
    w.as.owner.post('/api/node_connections', {
      projectId,
      source,
      sourceHandle,
      target,
      targetHandle,
    });

  it('gives a new node the handles and default params of its kind', async () => {
    const processor = await w.make.node('ai_processor');
    expect(processor.data).toEqual({
      title: 'AI processor',
      params: { template: '{{input}}', timeoutSeconds: 60 },
    });
    const inputs = await w.as.owner.get(`/api/node_inputs?nodeId=${processor.id}`);
    const outputs = await w.as.owner.get(`/api/node_outputs?nodeId=${processor.id}`);
    expect(
      inputs.body.items.map((h: { name: string; type: string }) => `${h.name}:${h.type}`),
    ).toEqual(['input:text']);
    expect(
      outputs.body.items.map((h: { name: string; type: string }) => `${h.name}:${h.type}`),
    ).toEqual(['text:text']);
    const unknown = await w.as.owner.post('/api/nodes', {
      projectId: w.projectId,
      type: 'teleporter',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([
      { field: 'type', message: 'Unknown node type "teleporter"' },
    ]);
  });

  it('refuses incompatible, missing and cross-project connections with the reason', async () => {
    const processor = await w.make.node('ai_processor');
    const image = await w.make.node('ai_image_output');
    const output = await w.make.node('ai_output');
    const incompatible = await connect(processor.id, 'text', image.id, 'image');
    expect(incompatible.status).toBe(400);
    expect(incompatible.body.error.details).toEqual([
      { field: 'targetHandle', message: 'A text output cannot feed an image input' },
    ]);
    const missing = await connect(processor.id, 'nope', output.id, 'text');
    expect(missing.body.error.details[0]).toMatchObject({ field: 'sourceHandle' });
    const self = await connect(processor.id, 'text', processor.id, 'input');
    expect(self.body.error.details[0]).toMatchObject({ field: 'target' });
    const theirs = await w.make.node('ai_output', w.strangerProjectId);
    const crossing = await connect(processor.id, 'text', theirs.id, 'text');
    expect(crossing.status).toBe(400);
    expect(crossing.body.error.details[0]).toMatchObject({ field: 'target' });

    const ok = await connect(processor.id, 'text', output.id, 'text');
    expect(ok.status).toBe(201);
    expect((await connect(processor.id, 'text', output.id, 'text')).status).toBe(409);

    const retype = await w.as.owner.get(`/api/node_inputs?nodeId=${output.id}`);
    const change = await w.as.owner.put(`/api/node_inputs/${retype.body.items[0].id}`, {
      type: 'image',
    });
    expect(change.status).toBe(400);
    expect(change.body.error.details[0]).toMatchObject({ field: 'type' });
  });

  it('renames and removes connections with their handles, and removes everything of a deleted node', async () => {
    const input = await w.make.node('input');
    const processor = await w.make.node('ai_processor');
    const output = await w.make.node('ai_output');
    const first = (await connect(input.id, 'value', processor.id, 'input')).body;
    await connect(processor.id, 'text', output.id, 'text');
    const handle = (await w.as.owner.get(`/api/node_inputs?nodeId=${processor.id}`)).body.items[0];
    expect(
      (await w.as.owner.put(`/api/node_inputs/${handle.id}`, { name: 'question' })).status,
    ).toBe(200);
    expect((await w.as.owner.get(`/api/node_connections/${first.id}`)).body.targetHandle).toBe(
      'question',
    );

    expect((await w.as.owner.del(`/api/nodes/${processor.id}`)).status).toBe(204);
    const left = await w.as.owner.get(
      `/api/node_connections?projectId=${w.projectId}&pageSize=200`,
    );
    const touching = left.body.items.filter(
      (c: { source: string; target: string }) =>
        c.source === processor.id || c.target === processor.id,
    );
    expect(touching).toEqual([]);
    expect((await w.as.owner.get(`/api/node_inputs?nodeId=${processor.id}`)).body.total).toBe(0);
    expect((await w.as.owner.get(`/api/node_outputs?nodeId=${processor.id}`)).body.total).toBe(0);
  });

  it('nests nodes only in group nodes of the same project, never in themselves', async () => {
    const outer = await w.make.group('group');
    const inner = await w.make.group('ai_group');
    const note = await w.make.node('blank');
    const put = (id: string, parentId: string | null) =>
      w.as.owner.put(`/api/nodes/${id}`, { parentId });
    expect((await put(inner.nodeId, outer.nodeId)).status).toBe(200);
    expect((await put(note.id, inner.nodeId)).status).toBe(200);
    expect((await put(outer.nodeId, inner.nodeId)).body.error.details[0]).toMatchObject({
      field: 'parentId',
    });
    expect((await put(outer.nodeId, outer.nodeId)).body.error.details[0]).toMatchObject({
      field: 'parentId',
    });
    const plain = await w.make.node('input');
    expect((await put(note.id, plain.id)).body.error.details[0].message).toBe(
      'The parent must be a group node',
    );
    const theirs = await w.make.group('group', w.strangerProjectId);
    expect((await put(note.id, theirs.nodeId)).body.error.details[0].message).toBe(
      'No such node in this project',
    );

    const renamed = await w.as.owner.put(`/api/node_groups/${outer.id}`, { name: 'Outer frame' });
    expect(renamed.status).toBe(200);
    expect((await w.as.owner.get(`/api/nodes/${outer.nodeId}`)).body.data.title).toBe(
      'Outer frame',
    );

    expect((await w.as.owner.del(`/api/node_groups/${outer.id}`)).status).toBe(204);
    for (const id of [outer.nodeId, inner.nodeId, note.id]) {
      expect((await w.as.owner.get(`/api/nodes/${id}`)).status).toBe(404);
    }
    expect((await w.as.owner.get(`/api/node_groups/${inner.id}`)).status).toBe(404);
  });

  it('links only runnable groups of the same project to a custom AI', async () => {
    const ai = await w.make.customAi();
    const plain = await w.make.group('group');
    const refused = await w.as.owner.post('/api/custom_ai_to_node_groups', {
      customAiId: ai.id,
      nodeGroupId: plain.id,
    });
    expect(refused.body.error.details[0]).toMatchObject({ field: 'nodeGroupId' });
  });

  it('checks a database value against its type, also when only the type changes', async () => {
    const db = await w.make.database();
    const post = (value: string, type: string) =>
      w.as.owner.post('/api/database_values', { nodeDatabaseId: db.id, key: 'k', value, type });
    for (const [value, type] of [
      ['abc', 'number'],
      ['yes', 'boolean'],
      ['{bad', 'json'],
      ['31/01/2026', 'date'],
    ]) {
      const answer = await post(value!, type!);
      expect(answer.status, `${value} as ${type}`).toBe(400);
      expect(answer.body.error.details[0].field).toBe('value');
    }
    const text = await post('hello', 'text');
    expect(text.status).toBe(201);
    const retyped = await w.as.owner.put(`/api/database_values/${text.body.id}`, {
      type: 'number',
    });
    expect(retyped.status).toBe(400);
    expect((await post('2026-01-31', 'date')).status).toBe(201);
    expect((await post('{"a":[1]}', 'json')).status).toBe(201);
  });

  it('deletes a whole project in one go, leaving no orphan rows', async () => {
    const project = (await w.as.owner.post('/api/projects', { name: 'Doomed' })).body;
    const node = (await w.as.owner.post('/api/nodes', { projectId: project.id, type: 'input' }))
      .body;
    const processor = (
      await w.as.owner.post('/api/nodes', { projectId: project.id, type: 'ai_processor' })
    ).body;
    await connect(node.id, 'value', processor.id, 'input', project.id);
    const group = (
      await w.as.owner.post('/api/node_groups', {
        projectId: project.id,
        name: 'G',
        type: 'ai_group',
      })
    ).body;
    const ai = (await w.as.owner.post('/api/custom_ais', { projectId: project.id, name: 'Helper' }))
      .body;
    await w.as.owner.post('/api/custom_ai_to_node_groups', {
      customAiId: ai.id,
      nodeGroupId: group.id,
    });
    const db = (
      await w.as.owner.post('/api/node_databases', { projectId: project.id, name: 'Facts' })
    ).body;
    await w.as.owner.post('/api/database_values', {
      nodeDatabaseId: db.id,
      key: 'a',
      value: '1',
      type: 'number',
    });
    await w.as.owner.post('/api/project_users', {
      projectId: project.id,
      userId: w.users.viewer.id,
    });

    const before = await projectRowCounts(w, project.id);
    expect(Object.values(before).every((n) => n >= 0)).toBe(true);
    expect(before.nodes).toBe(3);
    expect((await w.as.owner.del(`/api/projects/${project.id}`)).status).toBe(204);
    const after = await projectRowCounts(w, project.id);
    expect(Object.values(after)).toEqual(Object.values(after).map(() => 0));
    expect((await w.as.owner.get(`/api/projects/${project.id}`)).status).toBe(404);
  });
});
