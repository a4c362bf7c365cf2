import { describe, expect, it } from 'vitest';
import type { TModelInfo } from '@flowsmith/shared';
import { modelLabel, textModelOptions } from './model-options';

const model = (id: string, label: string, kind: 'text' | 'image' = 'text', builtin = false) =>
  ({ id, label, provider: 'p', kind, builtin }) as TModelInfo;

describe('textModelOptions', () => {
  it('lists text models only, the built-in echo model first', () => {
    const models = [
      model('openai:gpt-4o', 'OpenAI: gpt-4o'),
      model('echo-image', 'Echo image (built-in, offline)', 'image', true),
      model('anthropic:claude', 'Anthropic: claude'),
      model('echo', 'Echo (built-in, offline)', 'text', true),
    ];
    expect(textModelOptions(models)).toEqual([
      { value: 'echo', label: 'Echo (built-in, offline)' },
      { value: 'anthropic:claude', label: 'Anthropic: claude' },
      { value: 'openai:gpt-4o', label: 'OpenAI: gpt-4o' },
    ]);
  });

  it('labels a model by the list, or by its id when it is not offered', () => {
    const models = [model('echo', 'Echo (built-in, offline)')];
    expect(modelLabel(models, 'echo')).toBe('Echo (built-in, offline)');
    expect(modelLabel(models, 'custom:model-x')).toBe('custom:model-x');
    expect(modelLabel(undefined, 'echo')).toBe('echo');
  });
});
