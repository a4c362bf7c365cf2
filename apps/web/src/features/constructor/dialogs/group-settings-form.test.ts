import { describe, expect, it } from 'vitest';
import { nodeCatalog, type TParamMeta } from '@flowsmith/shared';
import {
  checkGroupForm,
  groupFormValues,
  parseSettingsJson,
  settingsJson,
  settingsOf,
  storedAsForm,
} from './group-settings-form';

const meta = (patch: Partial<TParamMeta> & Pick<TParamMeta, 'name' | 'type'>): TParamMeta => ({
  label: patch.name,
  description: '',
  required: false,
  defaultValue: null,
  options: null,
  min: null,
  max: null,
  ...patch,
});

const params: readonly TParamMeta[] = [
  meta({ name: 'description', type: 'text', label: 'What it does' }),
  meta({
    name: 'mode',
    type: 'select',
    label: 'Mode',
    required: true,
    defaultValue: 'by_key',
    options: [
      { value: 'all', label: 'Every value' },
      { value: 'by_key', label: 'One value by its key' },
    ],
  }),
  meta({ name: 'limit', type: 'number', label: 'Limit', min: 1, max: 10 }),
];

describe('the group settings form', () => {
  it('has a field for each setting its catalog entry declares, for every group kind', () => {
    for (const kind of ['group', 'ai_group', 'ai_image_group', 'ui_group', 'database_group']) {
      const declared = nodeCatalog[kind as keyof typeof nodeCatalog].params;
      expect(declared.length, kind).toBeGreaterThan(0);
      for (const param of declared) {
        expect(param.label, kind).toBeTruthy();
        expect(param.description, kind).toBeTruthy();
      }
      const values = groupFormValues(declared, { name: 'G', settings: { description: 'Why' } });
      expect(values.params).toEqual({ description: 'Why' });
    }
  });

  it('starts from the stored settings, with defaults and the undeclared ones kept aside', () => {
    const values = groupFormValues(params, {
      name: 'Team',
      settings: { description: 'Answers', tone: 'dry' },
    });
    expect(values).toEqual({
      name: 'Team',
      params: { description: 'Answers', mode: 'by_key', limit: null },
      extra: { tone: 'dry' },
    });
    expect(settingsOf(params, values)).toEqual({
      tone: 'dry',
      description: 'Answers',
      mode: 'by_key',
      limit: null,
    });
    // Saving unchanged stores nothing new: the base is the same as the form's result.
    expect(
      storedAsForm(params, { name: 'Team', settings: { description: 'Answers', tone: 'dry' } }),
    ).toEqual({ name: 'Team', settings: settingsOf(params, values) });
  });

  it('names what is wrong next to each field, in words people read', () => {
    const values = groupFormValues(params, { name: ' ', settings: {} });
    expect(
      checkGroupForm(params, { ...values, params: { ...values.params, mode: 'nope', limit: 11 } }),
    ).toEqual({
      name: 'Name is required',
      params: {
        mode: 'Mode must be one of Every value, One value by its key',
        limit: 'Limit must be at most 10',
      },
    });
    expect(checkGroupForm(params, { ...values, name: 'Fine' })).toEqual({ params: {} });
  });

  it('round-trips through the JSON view', () => {
    const values = groupFormValues(params, {
      name: 'Team',
      settings: { description: 'Answers', tone: 'dry' },
    });
    const text = settingsJson(params, values);
    // Blank settings are left out of the JSON.
    expect(JSON.parse(text)).toEqual({ tone: 'dry', description: 'Answers', mode: 'by_key' });
    expect(parseSettingsJson(params, text).values).toEqual({
      params: values.params,
      extra: values.extra,
    });
    const edited = parseSettingsJson(params, '{"mode": "all", "limit": 3, "extra": [1]}');
    expect(edited.values).toEqual({
      params: { description: '', mode: 'all', limit: 3 },
      extra: { extra: [1] },
    });
    expect(parseSettingsJson(params, '').values?.params.mode).toBe('by_key');
  });

  it('explains JSON it cannot read', () => {
    expect(parseSettingsJson(params, '{').error).toMatch(/^Not valid JSON/);
    expect(parseSettingsJson(params, '[1]').error).toBe(
      'Settings must be a JSON object, like {"key": "value"}',
    );
    expect(parseSettingsJson(params, '{"limit": "many", "description": 5}').error).toBe(
      'What it does must be text; Limit must be a number',
    );
  });
});
