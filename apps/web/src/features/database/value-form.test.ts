import { describe, expect, it } from 'vitest';
import { valueFormDefaults, ZValueForm } from './value-form';

const issues = (input: unknown) =>
  ZValueForm.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('ZValueForm', () => {
  it('accepts a value that fits its type', () => {
    expect(ZValueForm.safeParse({ key: ' a ', type: 'number', value: '42' }).data).toEqual({
      key: 'a',
      type: 'number',
      value: '42',
    });
  });

  it('says why the value does not fit, next to a missing key', () => {
    expect(issues({ key: '', type: 'json', value: '{nope' })).toEqual([
      ['key', 'Key is required'],
      ['value', 'Must be valid JSON'],
    ]);
    expect(issues({ key: 'k', type: 'boolean', value: 'yes' })).toEqual([
      ['value', 'Must be true or false'],
    ]);
  });
});

describe('valueFormDefaults', () => {
  it('starts empty, or from the stored value', () => {
    expect(valueFormDefaults(null)).toEqual({ key: '', type: 'text', value: '' });
    const stored = { key: 'k', type: 'date', value: '2026-01-31' };
    expect(valueFormDefaults(stored as never)).toEqual(stored);
  });
});
