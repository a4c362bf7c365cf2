import { beforeEach, describe, expect, it } from 'vitest';
import { connection, handle, isGroupKind, node, sampleGraph } from '../core/test-graph';
import { applyRemoteChange, loadGraph } from './canvas-updates';
import { useCanvasStore } from './canvas-store';

const state = () => useCanvasStore.getState();
const nodeById = (id: string) => state().nodes.find((n) => n.id === id)!;
const never = () => false;

describe('applying another member’s change', () => {
  beforeEach(() => {
    loadGraph(sampleGraph(), isGroupKind);
    useCanvasStore.setState({
      nodes: state().nodes.map((n) => (n.id === 'in' ? { ...n, selected: true } : n)),
    });
  });

  it('adds and updates nodes, keeping the selection', () => {
    applyRemoteChange(
      {
        upsert: {
          nodes: [
            node('in', 'input', { position: { x: 40, y: 60 }, versions: { layout: 1 } }),
            node('new', 'ai_output', { data: { title: 'New', params: {} } }),
          ],
          inputs: [handle('new', 'text')],
        },
      },
      isGroupKind,
      never,
    );
    expect(nodeById('in')).toMatchObject({ selected: true, position: { x: 40, y: 60 } });
    expect(nodeById('in').data.versions).toEqual({ layout: 1 });
    expect(nodeById('new')).toMatchObject({ data: { title: 'New' } });
    expect(nodeById('new').data.inputs.map((i) => i.name)).toEqual(['text']);
    expect(nodeById('new').selected).toBeUndefined();
  });

  it('leaves a node being dragged, or with an unsaved move, where the user has it', () => {
    useCanvasStore.setState({
      nodes: state().nodes.map((n) => (n.id === 'out' ? { ...n, dragging: true } : n)),
    });
    applyRemoteChange(
      {
        upsert: {
          nodes: [
            node('out', 'ai_output', {
              position: { x: 1, y: 1 },
              data: { title: 'Renamed', params: {} },
            }),
            node('in', 'input', { position: { x: 2, y: 2 } }),
          ],
        },
      },
      isGroupKind,
      (id) => id === 'in',
    );
    expect(nodeById('out')).toMatchObject({
      position: { x: 600, y: 0 },
      data: { title: 'Renamed' },
    });
    expect(nodeById('in').position).toEqual({ x: 0, y: 0 });
  });

  it('removes a group with what is inside it, and connections of removed handles', () => {
    applyRemoteChange({ remove: { nodes: ['group'] } }, isGroupKind, never);
    expect(
      state()
        .nodes.map((n) => n.id)
        .sort(),
    ).toEqual(['in', 'out']);
    expect(state().edges).toEqual([]);
    expect(state().groups).toEqual({});

    loadGraph(sampleGraph(), isGroupKind);
    applyRemoteChange({ remove: { inputs: ['out-text'] } }, isGroupKind, never);
    expect(nodeById('out').data.inputs).toEqual([]);
    expect(state().edges.map((e) => e.id)).toEqual(['e1']);
  });

  it('adds and replaces connections by id', () => {
    applyRemoteChange(
      {
        upsert: {
          connections: [
            { ...connection('e1', 'in', 'value', 'ai', 'input'), label: 'why' },
            connection('e3', 'in', 'value', 'out', 'text'),
          ],
        },
      },
      isGroupKind,
      never,
    );
    expect(state().edges.map((e) => [e.id, e.data?.label])).toEqual([
      ['e1', 'why'],
      ['e2', ''],
      ['e3', ''],
    ]);
  });
});
