import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TCanvasPublication,
  TClientToServerEvents,
  TServerToClientEvents,
} from '@flowsmith/shared';
import { canvasPublications, projects } from '../../db/schema/index';
import { createWorld, expectError, fieldsOf } from '../../test/api-world';
import { testDatabaseKinds } from '../../test/test-databases';

type TSocket = Socket<TServerToClientEvents, TClientToServerEvents>;

describe.each(testDatabaseKinds)('collaboration on one canvas on %s', (database) => {
  let w: Awaited<ReturnType<typeof createWorld>>;
  const changes = (after: number) =>
    w.as.viewer.get(`/api/projects/${w.projectId}/graph/changes?after=${after}`);
  const offsetNow = async () => (await changes(0)).body.offset as number;
  /** A processor's text into an output's, as the owner. */
  const connectTexts = (source: string, target: string) =>
    w.as.owner.post('/api/node_connections', {
      projectId: w.projectId,
      source,
      sourceHandle: 'text',
      target,
      targetHandle: 'text',
    });

  beforeAll(async () => {
    w = await createWorld(database);
  });
  afterAll(() => w.t.close());

  it('numbers every canvas write with a gapless offset and replays what came after one', async () => {
    const start = await offsetNow();
    const a = await w.make.node('ai_processor');
    const b = await w.make.node('ai_output');
    // Writes at the same time still get distinct, consecutive offsets.
    const moves = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((x) =>
        w.as.editor.put(`/api/nodes/${a.id}`, { position: { x, y: x } }),
      ),
    );
    expect(moves.map((m) => m.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const edge = await connectTexts(a.id, b.id);
    expect(edge.status, JSON.stringify(edge.body)).toBe(201);
    const layout = await w.as.owner.put(`/api/projects/${w.projectId}/graph/layout`, {
      nodes: [{ id: b.id, position: { x: 50, y: 60 } }],
    });
    expect(layout.status).toBe(200);
    const removed = await w.as.owner.post(`/api/projects/${w.projectId}/graph/delete`, {
      nodeIds: [],
      connectionIds: [edge.body.id],
    });
    expect(removed.status).toBe(200);

    const all = await changes(start);
    expect(all.status).toBe(200);
    const offsets = all.body.publications.map((p: TCanvasPublication) => p.offset);
    // 2 creates, 6 moves, 1 connection, 1 layout, 1 delete.
    expect(offsets).toEqual(Array.from({ length: 11 }, (_, i) => start + i + 1));
    expect(all.body).toMatchObject({ offset: start + 11, complete: true });
    const [first] = all.body.publications as TCanvasPublication[];
    expect(first).toMatchObject({
      channel: `project:${w.projectId}`,
      info: { user: w.users.owner.id, connInfo: { name: 'Olive Owner' } },
      tags: { type: 'canvas' },
    });
    expect(first!.data.upsert?.nodes?.[0]).toMatchObject({ id: a.id, type: 'ai_processor' });
    expect(first!.data.upsert?.inputs?.length).toBeGreaterThan(0);
    const last = all.body.publications.at(-1) as TCanvasPublication;
    expect(last.data).toEqual({ remove: { nodes: [], connections: [edge.body.id] } });

    // Exactly what came after a given offset.
    const missed = await changes(start + 8);
    expect(missed.body.publications.map((p: TCanvasPublication) => p.offset)).toEqual([
      start + 9,
      start + 10,
      start + 11,
    ]);
    expect(missed.body.publications[0].data.upsert.connections[0].id).toBe(edge.body.id);
    expect((await changes(start + 11)).body).toEqual({
      offset: start + 11,
      complete: true,
      publications: [],
    });
  });

  it('says a client must reload when its offset is not one of this canvas', async () => {
    const now = await offsetNow();
    expect((await changes(now + 5)).body).toMatchObject({ complete: false, publications: [] });
  });

  it('refuses a bad offset with 400 naming it, and hides the changes from strangers', async () => {
    for (const bad of ['-1', 'x', '1.5']) {
      const answer = await w.as.owner.get(
        `/api/projects/${w.projectId}/graph/changes?after=${bad}`,
      );
      expectError(answer, 400, 'validation_error');
      expect(fieldsOf(answer)).toContain('after');
    }
    expectError(
      await w.as.stranger.get(`/api/projects/${w.projectId}/graph/changes?after=0`),
      404,
      'not_found',
    );
  });

  it('publishes imports and API-key writes the same way', async () => {
    const start = await offsetNow();
    const key = await w.as.owner.post('/api/api_keys', { name: 'script' });
    expect(key.status).toBe(201);
    const created = await w.t.app.inject({
      method: 'POST',
      url: '/api/nodes',
      headers: { authorization: `Bearer ${key.body.key}` },
      payload: { projectId: w.projectId, type: 'blank' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const imported = await w.as.editor.post(`/api/projects/${w.projectId}/graph/import`, {
      graph: {
        format: 'flowsmith.graph',
        version: 1,
        nodes: [{ id: 'n1', type: 'blank', position: { x: 0, y: 0 }, data: { title: 'Hi' } }],
        edges: [],
      },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const { publications } = (await changes(start)).body as { publications: TCanvasPublication[] };
    expect(publications.map((p) => [p.offset, p.info.user])).toEqual([
      [start + 1, w.users.owner.id],
      [start + 2, w.users.editor.id],
    ]);
    expect(publications[1]!.data.upsert?.nodes?.[0]?.data.title).toBe('Hi');
  });

  it('changes only the fields given: params merge key by key, layout apart from content', async () => {
    const node = await w.make.node('ai_processor');
    const url = `/api/nodes/${node.id}`;
    const [one, two, three] = await Promise.all([
      w.as.owner.put(url, { data: { params: { systemPrompt: 'Be brief' } } }),
      w.as.editor.put(url, { data: { params: { temperature: 0.2 } } }),
      w.as.editor.put(url, { position: { x: 300, y: 40 } }),
    ]);
    expect([one!.status, two!.status, three!.status]).toEqual([200, 200, 200]);
    const stored = (await w.as.owner.get(url)).body;
    expect(stored.data.params).toMatchObject({ systemPrompt: 'Be brief', temperature: 0.2 });
    expect(stored.data.title).toBe(node.data.title);
    expect(stored.position).toEqual({ x: 300, y: 40 });
    expect(stored.versions).toMatchObject({
      'params.systemPrompt': 1,
      'params.temperature': 1,
      layout: 1,
    });
    expect(stored.versions.title).toBeUndefined();
  });

  it('refuses a write from a stale version of a field with 409 and the current row', async () => {
    const node = await w.make.node('ai_processor');
    const url = `/api/nodes/${node.id}`;
    const seen = node.versions;
    const first = await w.as.owner.put(url, {
      data: { params: { systemPrompt: 'Answer in French' } },
      baseVersions: seen,
    });
    expect(first.status).toBe(200);
    // The editor still has the old row: changing the title alone is fine…
    const title = await w.as.editor.put(url, { data: { title: 'Translator' }, baseVersions: seen });
    expect(title.status, JSON.stringify(title.body)).toBe(200);
    expect(title.body.data.params.systemPrompt).toBe('Answer in French');
    // …but the prompt the owner changed meanwhile is refused, with the owner's value.
    const stale = await w.as.editor.put(url, {
      data: { params: { systemPrompt: 'Answer in German' } },
      baseVersions: seen,
    });
    expectError(stale, 409, 'conflict');
    expect(fieldsOf(stale)).toEqual(['params.systemPrompt']);
    expect(stale.body.error.current).toMatchObject({
      id: node.id,
      data: { title: 'Translator', params: { systemPrompt: 'Answer in French' } },
      versions: { 'params.systemPrompt': 1, title: 1 },
    });
    // Based on what the server answered, the same write goes through.
    const retried = await w.as.editor.put(url, {
      data: { params: { systemPrompt: 'Answer in German' } },
      baseVersions: stale.body.error.current.versions,
    });
    expect(retried.status).toBe(200);
    expect(retried.body.versions['params.systemPrompt']).toBe(2);
  });

  it('refuses a layout based on a stale place (an undo after someone moved the node)', async () => {
    const node = await w.make.node('blank');
    const layout = `/api/projects/${w.projectId}/graph/layout`;
    const moved = await w.as.owner.put(layout, {
      nodes: [{ id: node.id, position: { x: 10, y: 10 }, baseVersion: 0 }],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.nodes[0].versions.layout).toBe(1);
    expect(
      (await w.as.editor.put(layout, { nodes: [{ id: node.id, position: { x: 99, y: 99 } }] }))
        .status,
    ).toBe(200);
    const undo = await w.as.owner.put(layout, {
      nodes: [{ id: node.id, position: { x: 0, y: 0 }, baseVersion: 1 }],
    });
    expectError(undo, 409, 'conflict');
    expect(fieldsOf(undo)).toEqual(['nodes.0']);
    expect(undo.body.error.current.nodes[0]).toMatchObject({
      id: node.id,
      position: { x: 99, y: 99 },
      versions: { layout: 2 },
    });
  });

  it('checks base versions of groups and connections too', async () => {
    const group = await w.make.group();
    const url = `/api/node_groups/${group.id}`;
    expect((await w.as.owner.put(url, { name: 'Renamed', baseVersions: {} })).status).toBe(200);
    const stale = await w.as.editor.put(url, { name: 'Other', baseVersions: { name: 0 } });
    expectError(stale, 409, 'conflict');
    expect(stale.body.error.current).toMatchObject({ name: 'Renamed', versions: { name: 1 } });
    const settings = await Promise.all([
      w.as.owner.put(url, { settings: { a: 1 } }),
      w.as.editor.put(url, { settings: { b: 2 } }),
    ]);
    expect(settings.map((s) => s.status)).toEqual([200, 200]);
    expect((await w.as.owner.get(url)).body.settings).toMatchObject({ a: 1, b: 2 });
    // The group's node carries the new name as its title.
    const groupNode = (await w.as.owner.get(`/api/nodes/${group.nodeId}`)).body;
    expect(groupNode).toMatchObject({ data: { title: 'Renamed' }, versions: { title: 1 } });
  });

  it('refuses a connection label written from a stale version, with the current row', async () => {
    const [a, b] = [await w.make.node('ai_processor'), await w.make.node('ai_output')];
    const edge = await connectTexts(a.id, b.id);
    const url = `/api/node_connections/${edge.body.id}`;
    const seen = edge.body.versions;
    const first = await w.as.owner.put(url, { label: 'yes', baseVersions: seen });
    expect(first.body).toMatchObject({ label: 'yes', versions: { label: 1 } });
    // The editor (or an undo) still based on the label before: refused, nothing overwritten.
    const stale = await w.as.editor.put(url, { label: 'no', baseVersions: seen });
    expectError(stale, 409, 'conflict');
    expect(fieldsOf(stale)).toEqual(['label']);
    expect(stale.body.error.current).toMatchObject({ label: 'yes', versions: { label: 1 } });
    expect((await w.as.owner.get(url)).body.label).toBe('yes');
    // Based on the current version it is saved.
    const again = await w.as.editor.put(url, { label: 'no', baseVersions: { label: 1 } });
    expect(again.body).toMatchObject({ label: 'no', versions: { label: 2 } });
    const bad = await w.as.editor.put(url, { label: 'x', baseVersions: { label: 'one' } });
    expectError(bad, 400, 'validation_error');
    expectError(await w.as.stranger.put(url, { label: 'x' }), 404, 'not_found');
  });

  it('refuses every canvas write by a viewer with 403', async () => {
    const node = await w.make.node('ai_processor');
    const before = await offsetNow();
    const writes = [
      w.as.viewer.post('/api/nodes', { projectId: w.projectId, type: 'blank' }),
      w.as.viewer.put(`/api/nodes/${node.id}`, { data: { params: { systemPrompt: 'x' } } }),
      w.as.viewer.del(`/api/nodes/${node.id}`),
      w.as.viewer.put(`/api/projects/${w.projectId}/graph/layout`, {
        nodes: [{ id: node.id, position: { x: 1, y: 1 } }],
      }),
      w.as.viewer.post(`/api/projects/${w.projectId}/graph/delete`, {
        nodeIds: [node.id],
        connectionIds: [],
      }),
      w.as.viewer.post('/api/node_groups', { projectId: w.projectId, name: 'G' }),
    ];
    for (const answer of await Promise.all(writes)) expectError(answer, 403, 'forbidden');
    expect(await offsetNow()).toBe(before);
  });

  /** A viewer's connection subscribed to the project's channel, and what it receives. */
  async function subscribedViewer() {
    if (!w.t.app.server.listening) await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(w.t.app.server.address() as AddressInfo).port}`;
    const token = (await w.as.viewer.get('/api/auth/ws-token')).body.token as string;
    const socket: TSocket = connect(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ack = await socket.emitWithAck('subscribe', `project:${w.projectId}`);
    expect(ack).toEqual({ ok: true, data: { offset: await offsetNow() } });
    const received: TCanvasPublication[] = [];
    socket.on('publication', (p) => received.push(p as TCanvasPublication));
    return { socket, offset: (ack as { data: { offset: number } }).data.offset, received };
  }

  it('sends each change to the project channel with its offset and the writing tab', async () => {
    const { socket, offset, received } = await subscribedViewer();
    try {
      const node = await w.t.app.inject({
        method: 'POST',
        url: '/api/nodes',
        headers: { cookie: w.users.owner.cookie, origin: w.t.origin, 'x-client-id': 'tab-1' },
        payload: { projectId: w.projectId, type: 'blank' },
      });
      expect(node.statusCode).toBe(201);
      await w.as.editor.put(`/api/nodes/${node.json().id}`, { data: { title: 'Moved on' } });
      await expect.poll(() => received.length, { timeout: 5_000 }).toBe(2);
      expect(received.map((p) => p.offset)).toEqual([offset + 1, offset + 2]);
      expect(received[0]!.info).toMatchObject({ client: 'tab-1', user: w.users.owner.id });
      expect(received[1]!.info).toMatchObject({ client: '', user: w.users.editor.id });
      expect(received[1]!.data.upsert?.nodes?.[0]?.data.title).toBe('Moved on');
    } finally {
      socket.disconnect();
    }
  });

  it('sends writes made at once once each, in offset order, exactly as stored', async () => {
    const { socket, offset, received } = await subscribedViewer();
    try {
      const node = await w.make.node('blank');
      const moves = await Promise.all(
        [1, 2, 3, 4, 5, 6, 7, 8].map((x) =>
          w.as.editor.put(`/api/nodes/${node.id}`, { position: { x, y: x } }),
        ),
      );
      expect(moves.map((m) => m.status)).toEqual(Array(8).fill(200));
      // One more write after them all: once it is in, nothing before it can still come twice.
      await w.as.owner.put(`/api/nodes/${node.id}`, { data: { title: 'Last' } });
      await expect.poll(() => received.at(-1)?.offset, { timeout: 10_000 }).toBe(offset + 10);
      expect(received.map((p) => p.offset)).toEqual(
        Array.from({ length: 10 }, (_, i) => offset + i + 1),
      );
      expect(received).toEqual((await changes(offset)).body.publications);
    } finally {
      socket.disconnect();
    }
  });

  it('keeps the last 1,000 publications; a client further behind is told to reload', async () => {
    const { db } = w.t.app;
    const start = await offsetNow();
    // As if 2,000 changes had been made meanwhile, without making each.
    await db
      .update(projects)
      .set({ canvasOffset: start + 2_000 })
      .where(eq(projects.id, w.projectId));
    await db.insert(canvasPublications).values(
      [999, 1_000, 1_001, 1_002, 2_000].map((n) => ({
        projectId: w.projectId,
        offset: start + n,
        data: { remove: { nodes: [], connections: [] } },
        info: { client: '', user: w.users.owner.id, connInfo: { name: 'Olive Owner' } },
        tags: { type: 'canvas' },
      })),
    );
    await w.make.node('blank');
    const kept = await changes(start + 1_001);
    expect(kept.body).toMatchObject({ offset: start + 2_001, complete: true });
    expect(kept.body.publications.map((p: TCanvasPublication) => p.offset)).toEqual([
      start + 1_002,
      start + 2_000,
      start + 2_001,
    ]);
    expect((await changes(start + 1_000)).body).toMatchObject({
      offset: start + 2_001,
      complete: false,
      publications: [],
    });
  });
});
