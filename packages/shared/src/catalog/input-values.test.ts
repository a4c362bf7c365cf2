import { describe, expect, it } from 'vitest';
import { inputValueSchema, inputValueTypeOf, parseInputValue } from './input-values';

describe('input values', () => {
  it('takes an unknown value type as text', () => {
    expect(inputValueTypeOf('json')).toBe('json');
    expect(inputValueTypeOf('colour')).toBe('text');
    expect(inputValueTypeOf(undefined)).toBe('text');
  });

  it('reads numbers from numbers and numeric text, and nothing else', () => {
    expect(parseInputValue('number', 4)).toEqual({ ok: true, value: 4 });
    expect(parseInputValue('number', ' 2.5 ')).toEqual({ ok: true, value: 2.5 });
    for (const value of ['', ' ', 'ten', null, Number.NaN, Infinity, {}])
      expect(parseInputValue('number', value), String(value)).toEqual({
        ok: false,
        problem: 'must be a number',
      });
  });

  it('reads JSON from text, and keeps a value that is parsed already', () => {
    expect(parseInputValue('json', '{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseInputValue('json', { a: 1 })).toEqual({ ok: true, value: { a: 1 } });
    expect(parseInputValue('json', ' ')).toEqual({ ok: false, problem: 'needs a JSON value' });
    const broken = parseInputValue('json', '{oops');
    expect(!broken.ok && broken.problem).toMatch(/^must be valid JSON: /);
  });

  it('keeps text and files as given, and types tool arguments the same way', () => {
    expect(parseInputValue('text', 'hi')).toEqual({ ok: true, value: 'hi' });
    expect(parseInputValue('file', { id: 'f' })).toEqual({ ok: true, value: { id: 'f' } });
    expect(inputValueSchema('number').safeParse('1').success).toBe(false);
    expect(inputValueSchema('json').safeParse({ a: [1] }).success).toBe(true);
    expect(inputValueSchema('text').safeParse(1).success).toBe(false);
  });
});
