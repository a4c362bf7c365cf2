import { describe, expect, it } from 'vitest';
import { changedSince, fieldName, shownValue } from './remote-edits';

describe('remote edits', () => {
  it('names the fields saved by someone else since the dialog opened', () => {
    expect(changedSince({ title: 1 }, { title: 1, 'params.a': 1 })).toEqual(['params.a']);
    expect(changedSince({ title: 1 }, { title: 2 })).toEqual(['title']);
    expect(changedSince({}, {})).toEqual([]);
  });

  it('shows fields and values in words', () => {
    expect(fieldName('params.systemPrompt')).toBe('systemPrompt');
    expect(fieldName('title')).toBe('title');
    expect(shownValue('')).toBe('(empty)');
    expect(shownValue(0.5)).toBe('0.5');
    expect(shownValue('x'.repeat(300))).toHaveLength(201);
  });
});
