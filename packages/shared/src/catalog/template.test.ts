import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, NAME_PATTERN, renderTemplate, templateVariables } from './template';

describe('prompt templates', () => {
  it('finds each variable once, in order', () => {
    expect(
      templateVariables('{{ topic }} and {{tone}}, again {{topic}}; not {{ 1x }} or {single}'),
    ).toEqual(['topic', 'tone']);
  });

  it('fills variables, writing objects as JSON and missing ones as nothing', () => {
    expect(
      renderTemplate('Say {{what}} to {{ who }} about {{data}}{{missing}}.', {
        what: 'hi',
        who: 'Ada',
        data: { a: 1 },
      }),
    ).toBe('Say hi to Ada about {"a":1}.');
  });

  it('renders only the values’ own keys, never inherited ones', () => {
    const template = '[{{constructor}}|{{__proto__}}|{{toString}}|{{hasOwnProperty}}]';
    expect(renderTemplate(template, {})).toBe('[|||]');
    expect(renderTemplate(template, { toString: 'own' })).toBe('[||own|]');
    const withProto = Object.fromEntries([['__proto__', 'given']]);
    expect(renderTemplate('{{__proto__}}', withProto)).toBe('given');
  });

  it('caps variable names at the handle-name length, so every variable can be an input', () => {
    const longest = `v${'x'.repeat(MAX_NAME_LENGTH - 1)}`;
    const tooLong = `${longest}x`;
    expect(NAME_PATTERN.test(longest)).toBe(true);
    expect(NAME_PATTERN.test(tooLong)).toBe(false);
    expect(templateVariables(`{{${longest}}} {{${tooLong}}}`)).toEqual([longest]);
    expect(renderTemplate(`{{${longest}}}{{${tooLong}}}`, { [longest]: 'a', [tooLong]: 'b' })).toBe(
      `a{{${tooLong}}}`,
    );
  });
});
