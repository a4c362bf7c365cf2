import { describe, expect, it } from 'vitest';
import { connectionProblem } from './connect-rules';
import { toFlow } from './flow-mapping';
import { handle, isGroupKind, node, sampleGraph } from './test-graph';

const graph = sampleGraph();
graph.nodes.push(node('img', 'ai_image_output'));
graph.inputs.push(handle('img', 'image', 'image'));
const { nodes, edges } = toFlow(graph, isGroupKind);
const byId = new Map(nodes.map((n) => [n.id, n]));
const getNode = (id: string) => byId.get(id);
const attempt = (source: string, sourceHandle: string, target: string, targetHandle: string) =>
  connectionProblem({ source, sourceHandle, target, targetHandle }, getNode, edges);

describe('connectionProblem', () => {
  it('accepts compatible types and "any" on either side', () => {
    expect(attempt('ai', 'text', 'out', 'text')).toBe('These two handles are already connected');
    expect(attempt('in', 'value', 'img', 'image')).toBeNull();
    expect(attempt('in', 'value', 'out', 'text')).toBeNull();
  });

  it('refuses incompatible types with the reason the server gives', () => {
    expect(attempt('ai', 'text', 'img', 'image')).toBe('A text output cannot feed an image input');
  });

  it('refuses self-loops and unknown handles', () => {
    expect(attempt('ai', 'text', 'ai', 'input')).toBe('A node cannot be connected to itself');
    expect(attempt('ai', 'nope', 'out', 'text')).toBe('ai has no output "nope"');
    expect(attempt('ai', 'text', 'in', 'x')).toBe('in has no input "x"');
    expect(connectionProblem({ source: null, target: 'ai' }, getNode, [])).toMatch(/Connect/);
  });
});
