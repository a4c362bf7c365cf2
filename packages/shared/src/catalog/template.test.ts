import { describe, expect, it } from 'vitest';
import { renderTemplate, templateVariables } from './template';

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
});
