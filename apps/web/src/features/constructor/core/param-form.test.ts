import { describe, expect, it } from 'vitest';
import { nodeCatalog, type TParamMeta } from '@flowsmith/shared';
import { initialParamValues, toParamsPayload, validateParams, validateTitle } from './param-form';

const param = (over: Partial<TParamMeta>): TParamMeta => ({
  name: 'p',
  label: 'P',
  type: 'string',
  required: false,
  defaultValue: null,
  options: null,
  min: null,
  max: null,
  description: '',
  ...over,
});

const params = [
  param({ name: 'name', label: 'Name', required: true, defaultValue: 'input' }),
  param({
    name: 'temperature',
    label: 'Temperature',
    type: 'number',
    min: 0,
    max: 2,
    defaultValue: 0.7,
  }),
  param({
    name: 'mode',
    label: 'Mode',
    type: 'select',
    options: [
      { value: 'all', label: 'All values' },
      { value: 'by_key', label: 'By key' },
    ],
    defaultValue: 'all',
  }),
  param({ name: 'flag', label: 'Flag', type: 'boolean' }),
  param({ name: 'note', label: 'Note', type: 'text' }),
  param({ name: 'db', label: 'Database', type: 'database', required: true }),
];

describe('param form', () => {
  it('starts from the node values, else defaults, else empty values of each type', () => {
    expect(initialParamValues(params, { name: 'question' })).toEqual({
      name: 'question',
      temperature: 0.7,
      mode: 'all',
      flag: false,
      note: '',
      db: '',
    });
  });

  it("leaves an AI processor's temperature blank, so a custom AI it picks sets it", () => {
    const aiParams = nodeCatalog.ai_processor.params;
    const values = initialParamValues(aiParams, {});
    expect(values).toMatchObject({ temperature: null, maxTokens: null });
    const saved = toParamsPayload(aiParams, { ...values, customAiId: 'ai-1' }, {});
    expect(saved).toMatchObject({ customAiId: 'ai-1', temperature: null, maxTokens: null });
    expect(nodeCatalog.ai_processor.parseParams(saved).temperature).toBeUndefined();
  });

  it('gives a message for each invalid param', () => {
    const values = {
      name: ' ',
      temperature: 3,
      mode: 'other',
      flag: false,
      note: 'x'.repeat(10_001),
      db: null,
    };
    expect(validateParams(params, values)).toEqual({
      name: 'Name is required',
      temperature: 'Temperature must be at most 2',
      mode: 'Mode must be one of All values, By key',
      note: 'Note must be at most 10000 characters',
      db: 'Database is required',
    });
    expect(
      validateParams(params, {
        ...values,
        name: 'a',
        temperature: -1,
        mode: 'all',
        note: '',
        db: 'd',
      }),
    ).toEqual({
      temperature: 'Temperature must be at least 0',
    });
    expect(
      validateParams(params, { temperature: Number.NaN, name: 'a', db: 'd' }).temperature,
    ).toBe('Temperature must be a number');
  });

  it('stores blanks as null and keeps params the catalog does not list', () => {
    expect(
      toParamsPayload(
        params,
        { name: 'q', temperature: null, mode: 'all', flag: true, note: '', db: 'd' },
        { legacy: 1 },
      ),
    ).toEqual({
      legacy: 1,
      name: 'q',
      temperature: null,
      mode: 'all',
      flag: true,
      note: null,
      db: 'd',
    });
  });

  it('checks the title', () => {
    expect(validateTitle('')).toBe('Title is required');
    expect(validateTitle('x'.repeat(201))).toBe('Title must be at most 200 characters');
    expect(validateTitle('Ask')).toBeNull();
  });
});
