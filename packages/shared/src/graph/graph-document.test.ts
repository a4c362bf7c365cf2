import { describe, expect, it } from 'vitest';
import {
  GRAPH_FORMAT,
  GRAPH_FORMAT_VERSION,
  parseGraphDocument,
  toGraphDocument,
  type TProjectGraph,
} from './graph-document';

const stamp = {
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  versions: {},
};
const node = (id: string, type: string, parentId: string | null = null) => ({
  id,
  projectId: 'p',
  type,
  position: { x: 1, y: 2 },
  data: { title: id, params: {} },
  width: null,
  height: null,
  parentId,
  ...stamp,
});
const handle = (nodeId: string, name: string, type: string) => ({
  id: `${nodeId}-${name}`,
  projectId: 'p',
  nodeId,
  name,
  label: name,
  type,
  ...stamp,
});

const graph: TProjectGraph = {
  projectId: 'p',
  nodes: [
    node('g', 'ai_group'),
    node('in', 'input', 'g'),
    node('out', 'ai_output', 'g'),
    node('loose', 'blank'),
  ],
  inputs: [handle('out', 'text', 'text')],
  outputs: [handle('in', 'value', 'any')],
  connections: [
    {
      id: 'e',
      projectId: 'p',
      source: 'in',
      target: 'out',
      sourceHandle: 'value',
      targetHandle: 'text',
      label: '',
      type: 'button',
      ...stamp,
    },
  ],
  groups: [{ id: 'gr', projectId: 'p', nodeId: 'g', name: 'Flow', settings: { a: 1 }, ...stamp }],
};

describe('workflow files', () => {
  it('exports a group with everything inside it, and reads the file back', () => {
    const document = toGraphDocument(graph, ['g'], new Date('2026-02-02T00:00:00Z'));
    expect(document.nodes.map((n) => n.id)).toEqual(['g', 'in', 'out']);
    expect(document.nodes[0]!.group).toEqual({ name: 'Flow', settings: { a: 1 } });
    expect(document.edges).toHaveLength(1);
    const parsed = parseGraphDocument(JSON.parse(JSON.stringify(document)));
    expect(parsed).toEqual({ ok: true, document });
  });

  it('drops parents and edges that are not part of the export', () => {
    const document = toGraphDocument(graph, ['in']);
    expect(document.nodes).toEqual([expect.objectContaining({ id: 'in', parentId: null })]);
    expect(document.edges).toEqual([]);
  });

  it('lists every problem of a broken file', () => {
    const result = parseGraphDocument({
      format: GRAPH_FORMAT,
      version: GRAPH_FORMAT_VERSION,
      nodes: [
        {
          id: 'a',
          type: 'input',
          position: { x: 0, y: 0 },
          data: { title: 'a' },
          parentId: 'ghost',
        },
        {
          id: 'a',
          type: 'ai_output',
          position: { x: 0, y: 0 },
          data: { title: 'b' },
          inputs: [{ name: 'text', type: 'text' }],
        },
      ],
      edges: [{ id: 'e', source: 'a', sourceHandle: 'value', target: 'zzz', targetHandle: 'text' }],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.path)).toEqual([
      'nodes.1.id',
      'nodes.0.parentId',
      'edges.0.sourceHandle',
      'edges.0.target',
    ]);
  });

  it('reads node ids that are names of object properties like any other', () => {
    const nodes = ['__proto__', 'constructor', 'toString'].map((id, i) => ({
      ...node(id, 'group', i ? '__proto__' : null),
    }));
    const document = toGraphDocument(
      {
        ...graph,
        nodes,
        inputs: [handle('toString', 'text', 'text')],
        outputs: [handle('constructor', 'value', 'any')],
        connections: [{ ...graph.connections[0]!, source: 'constructor', target: 'toString' }],
        groups: [],
      },
      ['__proto__'],
    );
    expect(document.nodes.map((n) => [n.id, n.parentId])).toEqual([
      ['__proto__', null],
      ['constructor', '__proto__'],
      ['toString', '__proto__'],
    ]);
    expect(document.edges).toHaveLength(1);
    const parsed = parseGraphDocument(JSON.parse(JSON.stringify(document)));
    expect(parsed).toEqual({ ok: true, document });
    const unknown = parseGraphDocument({
      ...document,
      nodes: document.nodes.filter((n) => n.id !== '__proto__'),
    });
    expect(!unknown.ok && unknown.problems.map((p) => p.path)).toEqual([
      'nodes.0.parentId',
      'nodes.1.parentId',
    ]);
  });

  it('refuses connections the canvas would refuse: to itself, or between clashing types', () => {
    const image = { id: 'img', type: 'ai_image', position: { x: 0, y: 0 }, data: { title: 'i' } };
    const result = parseGraphDocument({
      format: GRAPH_FORMAT,
      version: GRAPH_FORMAT_VERSION,
      nodes: [
        {
          ...image,
          inputs: [{ name: 'prompt', type: 'text' }],
          outputs: [{ name: 'image', type: 'image' }],
        },
      ],
      edges: [
        { id: 'e', source: 'img', sourceHandle: 'image', target: 'img', targetHandle: 'prompt' },
      ],
    });
    expect(!result.ok && result.problems).toEqual([
      { path: 'edges.0.target', message: 'A node cannot be connected to itself' },
    ]);
    const clash = parseGraphDocument({
      format: GRAPH_FORMAT,
      version: GRAPH_FORMAT_VERSION,
      nodes: [
        { ...image, outputs: [{ name: 'image', type: 'image' }] },
        { ...image, id: 'p', inputs: [{ name: 'prompt', type: 'text' }] },
      ],
      edges: [
        { id: 'e', source: 'img', sourceHandle: 'image', target: 'p', targetHandle: 'prompt' },
      ],
    });
    expect(!clash.ok && clash.problems).toEqual([
      { path: 'edges.0.targetHandle', message: 'An image output cannot feed a text input' },
    ]);
  });

  it('refuses what is not a workflow file, and files from a newer version', () => {
    for (const raw of [null, 'x', [], {}, { version: 'one' }])
      expect(parseGraphDocument(raw).ok).toBe(false);
    const newer = parseGraphDocument({
      format: GRAPH_FORMAT,
      version: GRAPH_FORMAT_VERSION + 1,
      nodes: [],
      edges: [],
    });
    expect(newer).toEqual({
      ok: false,
      problems: [{ path: 'version', message: expect.stringContaining('newer Flowsmith') }],
    });
    const other = parseGraphDocument({ format: 'n8n', version: 1, nodes: [], edges: [] });
    expect(other.ok).toBe(false);
  });
});
