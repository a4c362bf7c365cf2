import { describe, expect, it } from 'vitest';
import { parseGroupSettings, withTheirSettings } from './group-settings-form';

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

describe('withTheirSettings', () => {
  it("takes the other member's values of the named keys and keeps the user's others", () => {
    const mine = '{"tone": "mine", "lang": "fr", "old": 1}';
    const theirs = { tone: 'theirs', lang: 'de' };
    expect(JSON.parse(withTheirSettings(mine, theirs, ['tone', 'old'])!)).toEqual({
      tone: 'theirs',
      lang: 'fr',
    });
    expect(withTheirSettings('{', theirs, ['tone'])).toBeNull();
  });
});
