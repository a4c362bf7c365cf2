import {
  nodeKindOf,
  type TNode,
  type TNodeConnection,
  type TNodeHandle,
  type TProjectGraph,
} from '@flowsmith/shared';

/** Small graphs for the unit tests: ids are readable, rows carry only what the code reads. */
export const P = '00000000-0000-4000-8000-000000000000';

export function node(id: string, type: string, extra: Partial<TNode> = {}): TNode {
  return {
    id,
    projectId: P,
    type,
    position: { x: 0, y: 0 },
    data: { title: id, params: {} },
    width: null,
    height: null,
    parentId: null,
    versions: {},
    createdAt: '',
    updatedAt: '',
    ...extra,
  };
}

export function handle(nodeId: string, name: string, type = 'text'): TNodeHandle {
  return {
    id: `${nodeId}-${name}`,
    projectId: P,
    nodeId,
    name,
    label: name,
    type,
    createdAt: '',
    updatedAt: '',
  };
}

export function connection(
  id: string,
  source: string,
  sourceHandle: string,
  target: string,
  targetHandle: string,
): TNodeConnection {
  return {
    id,
    projectId: P,
    source,
    target,
    sourceHandle,
    targetHandle,
    label: '',
    type: 'button',
    versions: {},
    createdAt: '',
    updatedAt: '',
  };
}

/** input → ai_processor → ai_output, the processor inside a group placed at (100, 100). */
export function sampleGraph(): TProjectGraph {
  return {
    projectId: P,
    nodes: [
      node('group', 'ai_group', { position: { x: 100, y: 100 }, width: 400, height: 300 }),
      node('in', 'input', { position: { x: 0, y: 0 } }),
      node('ai', 'ai_processor', { position: { x: 20, y: 30 }, parentId: 'group' }),
      node('out', 'ai_output', { position: { x: 600, y: 0 } }),
    ],
    connections: [
      connection('e1', 'in', 'value', 'ai', 'input'),
      connection('e2', 'ai', 'text', 'out', 'text'),
    ],
    inputs: [handle('ai', 'input'), handle('out', 'text')],
    outputs: [handle('in', 'value', 'any'), handle('ai', 'text')],
    groups: [
      {
        id: 'group-row',
        projectId: P,
        nodeId: 'group',
        name: 'Group',
        settings: {},
        versions: {},
        createdAt: '',
        updatedAt: '',
      },
    ],
  };
}

export const isGroupKind = (kind: string) => nodeKindOf(kind)?.flags.group ?? false;
