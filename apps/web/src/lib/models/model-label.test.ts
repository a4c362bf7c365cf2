import { describe, expect, it } from 'vitest';
import type { TModelInfo } from '@flowsmith/shared';
import { modelLabel, modelOptions } from './model-label';

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

describe('modelOptions', () => {
  const models = [
    model('openai:gpt-4o', 'OpenAI: gpt-4o'),
    model('echo', 'Echo image (built-in, offline)', 'image', true),
    model('compatible:tiny-image', 'OpenAI-compatible: tiny-image', 'image'),
    model('anthropic:claude', 'Anthropic: claude'),
    model('echo', 'Echo (built-in, offline)', 'text', true),
    model('openai:gpt-4o', 'OpenAI: gpt-4o'),
  ];

  it('lists the models of one kind once each, the offline echo model first, then by label', () => {
    expect(modelOptions(models, 'text')).toEqual([
      { value: 'echo', label: 'Echo (built-in, offline)' },
      { value: 'anthropic:claude', label: 'Anthropic: claude' },
      { value: 'openai:gpt-4o', label: 'OpenAI: gpt-4o' },
    ]);
    expect(modelOptions(models, 'image').map((option) => option.value)).toEqual([
      'echo',
      'compatible:tiny-image',
    ]);
  });

  it('offers the offline model while the list is unavailable', () => {
    expect(modelOptions(undefined, 'text')).toEqual([
      { value: 'echo', label: 'Echo (built-in, offline)' },
    ]);
  });
});
