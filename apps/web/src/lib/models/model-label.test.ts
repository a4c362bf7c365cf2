import { describe, expect, it } from 'vitest';
import type { TModelInfo } from '@flowsmith/shared';
import { modelGroups, modelLabel, modelProblem } from './model-label';

const model = (id: string, label: string, kind: 'text' | 'image' = 'text', builtin = false) =>
  ({ id, label, provider: builtin ? 'builtin' : 'openai', kind, builtin }) as TModelInfo;

describe('modelLabel', () => {
  const models = [model('cred:7f0c:gpt-4o', 'Work key: gpt-4o')];

  it('names the built-in echo model as the offline one', () => {
    expect(modelLabel('echo')).toBe('Echo (built-in, offline)');
  });

  it('uses the label of a model the caller can pick', () => {
    expect(modelLabel('cred:7f0c:gpt-4o', { models })).toBe('Work key: gpt-4o');
  });

  it('never shows an internal id: provider and model name instead', () => {
    expect(modelLabel('compatible:llama3')).toBe('OpenAI-compatible: llama3');
    expect(modelLabel('anthropic:claude-haiku-4-5')).toBe('Anthropic: claude-haiku-4-5');
    expect(modelLabel('cred:9a9a:gpt-4o-mini', { provider: 'openai' })).toBe('OpenAI: gpt-4o-mini');
    expect(modelLabel('cred:9a9a:org/model:v2')).toBe('org/model:v2 (saved key)');
  });

  it('keeps a bare model name as it is', () => {
    expect(modelLabel('gpt-4o-mini')).toBe('gpt-4o-mini');
  });
});

describe('modelGroups', () => {
  const of = (id: string, label: string, provider: string, kind: 'text' | 'image' = 'text') =>
    ({ id, label, provider, kind, builtin: provider === 'builtin' }) as TModelInfo;
  const models = [
    of('openai:gpt-4o', 'OpenAI: gpt-4o', 'openai'),
    of('echo', 'Echo image (built-in, offline)', 'builtin', 'image'),
    of('compatible:tiny-image', 'OpenAI-compatible: tiny-image', 'openai_compatible', 'image'),
    of('anthropic:claude', 'Anthropic: claude', 'anthropic'),
    of('echo', 'Echo (built-in, offline)', 'builtin'),
    of('cred:7f0c:gpt-4o-mini', 'Work key: gpt-4o-mini', 'openai'),
    of('openai:gpt-4o', 'OpenAI: gpt-4o', 'openai'),
  ];

  it('groups the models of a kind by provider, the offline one first, each model once', () => {
    expect(modelGroups(models, 'text')).toEqual([
      { label: 'Built in', items: [{ value: 'echo', label: 'Echo (built-in, offline)' }] },
      { label: 'Anthropic', items: [{ value: 'anthropic:claude', label: 'Anthropic: claude' }] },
      {
        label: 'OpenAI',
        items: [
          { value: 'openai:gpt-4o', label: 'OpenAI: gpt-4o' },
          { value: 'cred:7f0c:gpt-4o-mini', label: 'Work key: gpt-4o-mini' },
        ],
      },
    ]);
    expect(modelGroups(models, 'any').flatMap((group) => group.items)).toHaveLength(5);
  });

  it('shows a chosen model the list lacks by its label, as not available', () => {
    expect(modelGroups(models, 'image', 'cred:9a9a:old-model').at(-1)).toEqual({
      label: 'Not available',
      items: [{ value: 'cred:9a9a:old-model', label: 'old-model (saved key)' }],
    });
  });

  it('offers the offline model while the list is unavailable', () => {
    expect(modelGroups(undefined, 'text')).toEqual([
      { label: 'Built in', items: [{ value: 'echo', label: 'Echo (built-in, offline)' }] },
    ]);
  });
});

describe('modelProblem', () => {
  const models = [
    model('echo', 'Echo (built-in, offline)', 'text', true),
    model('compatible:fake-chat', 'OpenAI-compatible: fake-chat'),
  ];

  it("refuses a model that is not one of the caller's, of the kind asked for", () => {
    expect(modelProblem('fake-chat', models, 'text')).toBe(
      'fake-chat is not one of your models: choose one from the list',
    );
    expect(modelProblem('compatible:fake-chat', models, 'image')).toMatch(/not one of your/);
  });

  it('accepts a listed model, a blank one, and anything while the list is unknown', () => {
    expect(modelProblem('compatible:fake-chat', models, 'text')).toBeNull();
    expect(modelProblem('', models, 'text')).toBeNull();
    expect(modelProblem('fake-chat', undefined, 'text')).toBeNull();
  });
});
