import { describe, expect, it } from 'vitest';
import { areIoTypesCompatible, connectionProblem, withDescendants } from './graph-rules';

describe('descendants of a group', () => {
  const nodes = [
    { id: 'inner', parentId: 'outer' },
    { id: 'leaf', parentId: 'inner' },
    { id: 'outer', parentId: null },
    { id: 'other' },
    { id: 'loop-a', parentId: 'loop-b' },
    { id: 'loop-b', parentId: 'loop-a' },
  ];

  it('takes everything inside the given nodes, at any depth', () => {
    expect([...withDescendants(['outer'], nodes)].sort()).toEqual(['inner', 'leaf', 'outer']);
    expect([...withDescendants(['inner', 'other'], nodes)].sort()).toEqual([
      'inner',
      'leaf',
      'other',
    ]);
    expect([...withDescendants([], nodes)]).toEqual([]);
  });

  it('ends on parents that loop, and on ids that are names of object properties', () => {
    expect([...withDescendants(['loop-a'], nodes)].sort()).toEqual(['loop-a', 'loop-b']);
    const odd = [{ id: 'constructor', parentId: '__proto__' }, { id: '__proto__' }];
    expect([...withDescendants(['__proto__'], odd)]).toEqual(['__proto__', 'constructor']);
    expect([...withDescendants(['toString'], odd)]).toEqual(['toString']);
  });
});

describe('connections', () => {
  const ends = {
    source: 'a',
    target: 'b',
    sourceHandle: 'out',
    targetHandle: 'in',
    output: { type: 'text' },
    input: { type: 'text' },
    sourceName: 'Writer',
    targetName: 'Reader',
  };

  it('joins matching types, and anything to a side that takes anything', () => {
    expect(areIoTypesCompatible('text', 'text')).toBe(true);
    expect(areIoTypesCompatible('any', 'image')).toBe(true);
    expect(areIoTypesCompatible('json', 'any')).toBe(true);
    expect(areIoTypesCompatible('image', 'text')).toBe(false);
    expect(connectionProblem(ends)).toBeNull();
  });

  it('names the field at fault and says why, in the order a person would fix it', () => {
    expect(connectionProblem({ ...ends, target: 'a' })).toEqual({
      field: 'target',
      message: 'A node cannot be connected to itself',
    });
    expect(connectionProblem({ ...ends, output: undefined })).toEqual({
      field: 'sourceHandle',
      message: 'Writer has no output "out"',
    });
    expect(connectionProblem({ ...ends, input: undefined })).toEqual({
      field: 'targetHandle',
      message: 'Reader has no input "in"',
    });
    expect(connectionProblem({ ...ends, output: { type: 'image' } })).toEqual({
      field: 'targetHandle',
      message: 'An image output cannot feed a text input',
    });
    expect(connectionProblem({ ...ends, input: { type: 'number' } })?.message).toBe(
      'A text output cannot feed a number input',
    );
  });
});
