import { beforeAll, describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, toGraphDocument, ZProjectGraph, type TProjectGraph } from '@flowsmith/shared';
import { useWorld } from '../../test/api-world';
import { testDatabaseKinds } from '../../test/test-databases';

describe.each(testDatabaseKinds)('whole-canvas calls on %s', (database) => {
  const w = useWorld(database);
  let graphUrl: string;
  beforeAll(async () => {
    graphUrl = `/api/projects/${w.projectId}/graph`;
  });

  const graph = async () => (await w.as.owner.get(graphUrl)).body as TProjectGraph;

  const nodeIn = (group: { nodeId: string }, type: string) =>
    w.created(
      w.as.owner.post('/api/nodes', { projectId: w.projectId, type, parentId: group.nodeId }),
    );

  async function buildFlow() {
    const group = await w.make.group('ai_group');
    const input = await nodeIn(group, 'input');
    const processor = await nodeIn(group, 'ai_processor');
    const edge = await w.make.connect(input.id, 'value', processor.id, 'input');
    return { group, input, processor, edge };
  }

  it('loads the whole canvas in one call, for members only', async () => {
    const { group, input, edge } = await buildFlow();
    const loaded = await graph();
    expect(loaded.nodes.map((n) => n.id)).toEqual(expect.arrayContaining([group.nodeId, input.id]));
    expect(loaded.connections.map((c) => c.id)).toContain(edge.id);
    expect(loaded.inputs.some((h) => h.nodeId === input.id)).toBe(false);
    expect(loaded.outputs.some((h) => h.nodeId === input.id && h.name === 'value')).toBe(true);
    expect(loaded.groups.map((g) => g.id)).toContain(group.id);
    // Sent without the schema's check: exactly its fields, each of its type.
    expect(ZProjectGraph.strict().parse(loaded)).toEqual(loaded);
    expect((await w.as.viewer.get(graphUrl)).status).toBe(200);
    expect((await w.as.stranger.get(graphUrl)).status).toBe(404);
    expect((await w.as.anonymous.get(graphUrl)).status).toBe(401);
  });

  it('saves many moves at once, and refuses the whole batch if one change is wrong', async () => {
    const { group, input, processor } = await buildFlow();
    const moved = await w.as.owner.put(`${graphUrl}/layout`, {
      nodes: [
        { id: input.id, position: { x: 40, y: 60 } },
        { id: processor.id, position: { x: 300, y: 60 }, parentId: null, width: 320 },
      ],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.nodes[1]).toMatchObject({
      position: { x: 300, y: 60 },
      parentId: null,
      width: 320,
    });

    const note = await w.make.node('blank');
    const bad = await w.as.owner.put(`${graphUrl}/layout`, {
      nodes: [
        { id: input.id, position: { x: 1, y: 1 } },
        { id: processor.id, position: { x: 1, y: 1 }, parentId: note.id },
        { id: group.nodeId, position: { x: 0, y: 0 }, parentId: group.nodeId },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      { field: 'nodes.1.parentId', message: 'The parent must be a group node' },
      { field: 'nodes.2.parentId', message: 'A group cannot be placed inside itself' },
    ]);
    const after = (await graph()).nodes.find((n) => n.id === input.id)!;
    expect(after.position).toEqual({ x: 40, y: 60 });
    expect(
      (
        await w.as.viewer.put(`${graphUrl}/layout`, {
          nodes: [{ id: input.id, position: { x: 0, y: 0 } }],
        })
      ).status,
    ).toBe(403);
    const theirs = await w.make.node('blank', w.strangerProjectId);
    const foreign = await w.as.owner.put(`${graphUrl}/layout`, {
      nodes: [{ id: theirs.id, position: { x: 0, y: 0 } }],
    });
    expect(foreign.body.error.details).toEqual([
      { field: 'nodes.0.id', message: 'No such node in this project' },
    ]);
  });

  it('exports a group and imports it as a copy, then deletes and restores it', async () => {
    const { group } = await buildFlow();
    const exported = await w.as.owner.get(`${graphUrl}/export?nodeId=${group.nodeId}`);
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ format: GRAPH_FORMAT, version: 1 });
    expect(exported.body.nodes).toHaveLength(3);
    expect(exported.body.edges).toHaveLength(1);

    const copy = await w.as.owner.post(`${graphUrl}/import`, {
      graph: exported.body,
      offset: { x: 500, y: 0 },
    });
    expect(copy.status).toBe(201);
    expect(copy.body.graph.nodes).toHaveLength(3);
    expect(copy.body.graph.connections).toHaveLength(1);
    expect(copy.body.graph.groups).toHaveLength(1);
    const newGroup = copy.body.graph.nodes.find(
      (n: { id: string }) => n.id === copy.body.idMap[group.nodeId],
    );
    expect(newGroup.position.x).toBe(exported.body.nodes[0].position.x + 500);
    expect(Object.values(copy.body.idMap)).not.toContain(group.nodeId);

    const copiedIds = Object.values(copy.body.idMap) as string[];
    const snapshot = toGraphDocument(await graph(), [copy.body.idMap[group.nodeId]]);
    const removed = await w.as.owner.post(`${graphUrl}/delete`, {
      nodeIds: [copy.body.idMap[group.nodeId]],
    });
    expect(removed.body.deleted.nodes).toBe(1);
    const gone = await graph();
    expect(gone.nodes.filter((n) => copiedIds.includes(n.id))).toEqual([]);

    const restored = await w.as.owner.post(`${graphUrl}/import`, {
      graph: snapshot,
      mode: 'restore',
    });
    expect(restored.status).toBe(201);
    expect(Object.entries(restored.body.idMap).every(([from, to]) => from === to)).toBe(true);
    expect((await graph()).nodes.filter((n) => copiedIds.includes(n.id))).toHaveLength(3);
    expect(
      (await w.as.owner.post(`${graphUrl}/import`, { graph: snapshot, mode: 'restore' })).status,
    ).toBe(409);
  });

  it('imports node ids that are names of object properties as plain ids', async () => {
    const node = (id: string, type: string, extra: object = {}) => ({
      id,
      type,
      position: { x: 0, y: 0 },
      data: { title: id, params: {} },
      ...extra,
    });
    const file = {
      format: GRAPH_FORMAT,
      version: 1,
      nodes: [
        node('__proto__', 'ai_group', { group: { name: 'Proto', settings: {} } }),
        node('constructor', 'input', {
          parentId: '__proto__',
          outputs: [{ name: 'value', type: 'any' }],
        }),
        node('toString', 'ai_output', {
          parentId: '__proto__',
          inputs: [{ name: 'text', type: 'text' }],
        }),
      ],
      edges: [
        {
          id: 'hasOwnProperty',
          source: 'constructor',
          sourceHandle: 'value',
          target: 'toString',
          targetHandle: 'text',
        },
      ],
    };
    const copied = await w.as.owner.post(`${graphUrl}/import`, { graph: file });
    expect(copied.status, JSON.stringify(copied.body)).toBe(201);
    const idMap = new Map(Object.entries(copied.body.idMap as Record<string, string>));
    expect([...idMap.keys()].sort()).toEqual(['__proto__', 'constructor', 'toString']);
    const { nodes, connections, groups } = copied.body.graph as TProjectGraph;
    const byId = new Map(nodes.map((n) => [n.id, n]));
    expect(nodes).toHaveLength(3);
    const group = idMap.get('__proto__');
    expect(byId.get(idMap.get('constructor')!)!.parentId).toBe(group);
    expect(byId.get(idMap.get('toString')!)!.parentId).toBe(group);
    expect(connections).toMatchObject([
      { source: idMap.get('constructor'), target: idMap.get('toString') },
    ]);
    expect(groups).toEqual([expect.objectContaining({ nodeId: group, name: 'Proto' })]);
    const restored = await w.as.owner.post(`${graphUrl}/import`, { graph: file, mode: 'restore' });
    expect(restored.status).toBe(400);
    expect(restored.body.error.details[0]).toEqual({
      field: 'graph.nodes.0.id',
      message: 'Restoring needs node ids that are UUIDs',
    });
  });

  it('rejects a malformed file with every reason and writes nothing', async () => {
    const before = await graph();
    const file = {
      format: GRAPH_FORMAT,
      version: 1,
      nodes: [
        {
          id: 'a',
          type: 'input',
          position: { x: 0, y: 0 },
          data: { title: 'In', params: {} },
          outputs: [{ name: 'value', type: 'text' }],
        },
        {
          id: 'b',
          type: 'teleporter',
          position: { x: 0, y: 0 },
          data: { title: 'X', params: {} },
          inputs: [{ name: 'image', type: 'image' }],
        },
        {
          id: 'c',
          type: 'ai_output',
          position: { x: 'far', y: 0 },
          data: { title: 'Out', params: {} },
        },
      ],
      edges: [{ id: 'e', source: 'a', sourceHandle: 'value', target: 'b', targetHandle: 'image' }],
    };
    const shape = await w.as.owner.post(`${graphUrl}/import`, { graph: file });
    expect(shape.status).toBe(400);
    expect(shape.body.error.details).toEqual([
      { field: 'graph.nodes.2.position.x', message: expect.any(String) },
    ]);
    file.nodes[2]!.position.x = 0 as never;
    const catalog = await w.as.owner.post(`${graphUrl}/import`, { graph: file });
    expect(catalog.status).toBe(400);
    expect(catalog.body.error.details).toEqual([
      { field: 'graph.nodes.1.type', message: 'Unknown node type "teleporter"' },
      { field: 'graph.edges.0.targetHandle', message: 'A text output cannot feed an image input' },
    ]);
    for (const graphBody of [
      null,
      'text',
      [1],
      { format: 'other', version: 1, nodes: [], edges: [] },
      { ...file, version: 99 },
    ]) {
      const answer = await w.as.owner.post(`${graphUrl}/import`, { graph: graphBody });
      expect(answer.status, JSON.stringify(graphBody)).toBe(400);
    }
    expect(await graph()).toEqual(before);
    expect(
      (await w.as.viewer.post(`${graphUrl}/import`, { graph: { ...file, nodes: [], edges: [] } }))
        .status,
    ).toBe(403);
    expect(
      (await w.as.stranger.post(`${graphUrl}/delete`, { nodeIds: [before.nodes[0]!.id] })).status,
    ).toBe(404);
    expect(await graph()).toEqual(before);
  });
});
