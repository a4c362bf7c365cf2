import { describe, expect, it } from 'vitest';
import { parseGroupSettings } from './group-settings-form';

describe('parseGroupSettings', () => {
  it('accepts a name and a JSON object', () => {
    expect(parseGroupSettings(' Team ', '{"a": 1}')).toEqual({
      value: { name: 'Team', settings: { a: 1 } },
      errors: {},
    });
    expect(parseGroupSettings('Team', '').value).toEqual({ name: 'Team', settings: {} });
  });

  it('explains what is wrong', () => {
    const result = parseGroupSettings('', '[1]');
    expect(result.value).toBeNull();
    expect(result.errors).toEqual({
      name: 'Name is required',
      settings: 'Settings must be a JSON object, like {"key": "value"}',
    });
    expect(parseGroupSettings('x', '{').errors.settings).toMatch(/^Not valid JSON/);
  });
});
