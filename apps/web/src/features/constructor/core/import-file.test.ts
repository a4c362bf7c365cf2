import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, GRAPH_FORMAT_VERSION } from '@flowsmith/shared';
import { ApiError } from '../../../lib/api';
import { importProblemsOf, readGraphFile } from './import-file';

describe('readGraphFile', () => {
  it('reports text that is not JSON', () => {
    const result = readGraphFile('{nope');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]!.message).toMatch(/^Not valid JSON/);
  });

  it('lists each problem of a malformed document with its path', () => {
    const result = readGraphFile(
      JSON.stringify({
        format: GRAPH_FORMAT,
        version: GRAPH_FORMAT_VERSION,
        nodes: [{ id: 'a', type: 'input', position: { x: 'left', y: 0 }, data: {} }],
        edges: [{ id: 'e', source: 'a', target: 'b', sourceHandle: 'value', targetHandle: 'x' }],
      }),
    );
    expect(result.ok).toBe(false);
    const paths = !result.ok ? result.problems.map((p) => p.path) : [];
    expect(paths).toContain('nodes.0.position.x');
  });

  it('accepts a valid file', () => {
    const result = readGraphFile(
      JSON.stringify({ format: GRAPH_FORMAT, version: GRAPH_FORMAT_VERSION, nodes: [], edges: [] }),
    );
    expect(result.ok).toBe(true);
  });

  it('refuses files that are not workflows', () => {
    const result = readGraphFile('[1, 2]');
    expect(!result.ok && result.problems).toEqual([
      { path: '(file)', message: 'The file must hold a JSON object' },
    ]);
  });
});

describe('importProblemsOf', () => {
  it('turns the server details into file paths', () => {
    const error = new ApiError(400, 'validation_error', 'Invalid', [
      { field: 'graph.nodes.3.type', message: 'Unknown node type "x"' },
    ]);
    expect(importProblemsOf(error)).toEqual([
      { path: 'nodes.3.type', message: 'Unknown node type "x"' },
    ]);
    expect(importProblemsOf(new Error('Network Error'))).toEqual([
      { path: '(file)', message: 'Network Error' },
    ]);
  });
});
