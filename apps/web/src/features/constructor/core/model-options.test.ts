import { describe, expect, it } from 'vitest';
import type { TModelInfo } from '@flowsmith/shared';
import { FALLBACK_MODELS, modelOptions } from './model-options';

const model = (id: string, kind: 'text' | 'image', builtin = false, label = id): TModelInfo => ({
  id,
  label,
  provider: builtin ? 'builtin' : 'openai-compatible',
  kind,
  builtin,
});

describe('model options', () => {
  const models = [
    model('compatible:tiny-chat', 'text', false, 'tiny-chat (Local)'),
    model('echo', 'text', true, 'Echo (built-in, offline)'),
    model('echo', 'image', true, 'Echo image (built-in, offline)'),
    model('compatible:tiny-image', 'image'),
    model('compatible:tiny-chat', 'text'),
  ];

  it('offers text models to text nodes, built-in first, each once', () => {
    expect(modelOptions(models, 'text')).toEqual([
      { value: 'echo', label: 'Echo (built-in, offline)' },
      { value: 'compatible:tiny-chat', label: 'tiny-chat (Local)' },
    ]);
  });

  it('offers image models to image nodes', () => {
    expect(modelOptions(models, 'image').map((option) => option.value)).toEqual([
      'echo',
      'compatible:tiny-image',
    ]);
  });

  it('falls back to the offline model while the list is unavailable', () => {
    expect(modelOptions(undefined, 'text')).toBe(FALLBACK_MODELS);
  });
});
