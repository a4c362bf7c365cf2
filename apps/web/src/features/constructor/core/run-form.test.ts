import { describe, expect, it } from 'vitest';
import type { TRunInputField } from '@flowsmith/shared';
import {
  initialRunValues,
  isRunKey,
  runFormFields,
  toRunInputs,
  validateRunValues,
} from './run-form';

const field = (name: string, valueType: string, defaultValue: unknown = null): TRunInputField => ({
  nodeId: `node-${name}`,
  name,
  label: name,
  kind: 'input',
  valueType,
  defaultValue,
  description: '',
});

const items = [
  field('question', 'text', 'Why?'),
  field('count', 'number', '3'),
  field('payload', 'json', { a: 1 }),
  field('doc', 'file'),
  field('question', 'text', 'ignored duplicate'),
  field('odd', 'colour'),
];

describe('run dialog form', () => {
  const fields = runFormFields(items);

  it('asks each input name once and unknown value types as text', () => {
    expect(fields.map((f) => [f.name, f.valueType])).toEqual([
      ['question', 'text'],
      ['count', 'number'],
      ['payload', 'json'],
      ['doc', 'file'],
      ['odd', 'text'],
    ]);
  });

  it('starts from the defaults, numbers as numbers and JSON pretty-printed', () => {
    expect(initialRunValues(fields)).toEqual({
      question: 'Why?',
      count: 3,
      payload: '{\n  "a": 1\n}',
      doc: '',
      odd: '',
    });
    expect(initialRunValues(runFormFields([field('n', 'number', 'x')]))).toEqual({ n: null });
  });

  it('refuses a missing number and invalid JSON', () => {
    const values = { ...initialRunValues(fields), count: null, payload: '{oops' };
    const errors = validateRunValues(fields, values);
    expect(Object.keys(errors).sort()).toEqual(['count', 'payload']);
    expect(errors).toEqual({
      count: 'count must be a number',
      payload: expect.stringMatching(/^payload must be valid JSON: /),
    });
    expect(validateRunValues(fields, { ...values, count: 1, payload: ' ' })).toEqual({
      payload: 'payload needs a JSON value',
    });
    expect(validateRunValues(fields, initialRunValues(fields))).toEqual({});
  });

  it('names a field by its label, not by the id a UI chat is known by', () => {
    const chat = { ...field('3f2a', 'text'), label: 'Support chat', kind: 'ui_chat' };
    expect(validateRunValues(runFormFields([chat]), { '3f2a': ' ' })).toEqual({});
    expect(validateRunValues(runFormFields([{ ...chat, valueType: 'number' }]), {})).toEqual({
      '3f2a': 'Support chat must be a number',
    });
  });

  it('sends numbers as numbers, JSON parsed and text as typed', () => {
    expect(toRunInputs(fields, initialRunValues(fields))).toEqual({
      question: 'Why?',
      count: 3,
      payload: { a: 1 },
      doc: '',
      odd: '',
    });
  });

  it('runs on Ctrl+Enter anywhere and on Enter outside JSON, Shift+Enter adds a line', () => {
    const key = (extra: Partial<Parameters<typeof isRunKey>[0]> = {}) => ({
      key: 'Enter',
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      ...extra,
    });
    expect(isRunKey(key(), 'text')).toBe(true);
    expect(isRunKey(key(), 'number')).toBe(true);
    expect(isRunKey(key(), 'json')).toBe(false);
    expect(isRunKey(key({ ctrlKey: true }), 'json')).toBe(true);
    expect(isRunKey(key({ metaKey: true }), 'text')).toBe(true);
    expect(isRunKey(key({ shiftKey: true }), 'text')).toBe(false);
    expect(isRunKey(key({ key: 'a' }), 'text')).toBe(false);
  });
});
