import { describe, expect, it } from 'vitest';
import { nodeCatalog, type TParamMeta } from '@flowsmith/shared';
import * as groupForm from './group-settings-form';

const paramOf = (params: readonly TParamMeta[], name: string) =>
  params.find((param) => param.name === name)!;

// A setting of each kind the form generates: long text, a required select, a bounded number.
const params: readonly TParamMeta[] = [
  paramOf(nodeCatalog.ai_group.params, 'description'),
  paramOf(nodeCatalog.database.params, 'mode'),
  paramOf(nodeCatalog.ai_processor.params, 'temperature'),
];

describe('the group settings form', () => {
  it('has a labelled, explained field for each setting of every group kind', () => {
    for (const kind of ['group', 'ai_group', 'ai_image_group', 'ui_group', 'database_group']) {
      const declared = nodeCatalog[kind as keyof typeof nodeCatalog].params;
      expect(declared.length, kind).toBeGreaterThan(0);
      for (const param of declared) {
        expect(param.label, kind).toBeTruthy();
        expect(param.description, kind).toBeTruthy();
      }
      const values = groupForm.groupFormValues(declared, {
        name: 'G',
        settings: { description: 'Why' },
      });
      expect(values.params).toEqual({ description: 'Why' });
    }
  });

  it('starts from the stored settings, with defaults and the undeclared ones kept aside', () => {
    const group = { name: 'Team', settings: { description: 'Answers', tone: 'dry' } };
    const values = groupForm.groupFormValues(params, group);
    expect(values).toEqual({
      name: 'Team',
      params: { description: 'Answers', mode: 'all', temperature: null },
      extra: { tone: 'dry' },
    });
    const settings = { tone: 'dry', description: 'Answers', mode: 'all', temperature: null };
    expect(groupForm.settingsOf(params, values)).toEqual(settings);
    // Saving unchanged stores nothing new: the base is what the form would save.
    expect(groupForm.storedAsForm(params, group)).toEqual({ name: 'Team', settings });
  });

  it('names what is wrong by each field, options by their labels', () => {
    const values = groupForm.groupFormValues(params, { name: ' ', settings: {} });
    const wrong = { ...values, params: { ...values.params, mode: 'nope', temperature: 3 } };
    expect(groupForm.checkGroupForm(params, wrong)).toEqual({
      name: 'Name is required',
      params: {
        mode: 'Values must be one of All values, The value of one key, Values whose key contains a text',
        temperature: 'Temperature must be at most 2',
      },
    });
    expect(groupForm.checkGroupForm(params, { ...values, name: 'Fine' })).toEqual({ params: {} });
  });

  it('round-trips through the JSON view', () => {
    const values = groupForm.groupFormValues(params, {
      name: 'Team',
      settings: { description: 'Answers', tone: 'dry' },
    });
    const text = groupForm.settingsJson(params, values);
    // Blank settings are left out of the JSON.
    expect(JSON.parse(text)).toEqual({ tone: 'dry', description: 'Answers', mode: 'all' });
    expect(groupForm.parseSettingsJson(params, text).values).toEqual({
      params: values.params,
      extra: values.extra,
    });
    const edited = groupForm.parseSettingsJson(
      params,
      '{"mode": "by_key", "temperature": 0.2, "extra": [1]}',
    );
    expect(edited.values).toEqual({
      params: { description: '', mode: 'by_key', temperature: 0.2 },
      extra: { extra: [1] },
    });
    expect(groupForm.parseSettingsJson(params, '').values?.params.mode).toBe('all');
  });

  it('explains JSON it cannot read', () => {
    expect(groupForm.parseSettingsJson(params, '{').error).toMatch(/^Not valid JSON/);
    expect(groupForm.parseSettingsJson(params, '[1]').error).toBe(
      'Settings must be a JSON object, like {"key": "value"}',
    );
    expect(
      groupForm.parseSettingsJson(params, '{"temperature": "hot", "description": 5}').error,
    ).toBe('What it does must be text; Temperature must be a number');
  });
});
