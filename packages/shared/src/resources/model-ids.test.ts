import { describe, expect, it } from 'vitest';
import { modelSourceOf } from './model-ids';

describe('model ids', () => {
  it('reads the built-in model, instance providers and saved keys', () => {
    const key = '0b0c5e1e-8f4e-4a8e-9a53-2b1b6f0e8c11';
    expect(modelSourceOf('echo')).toEqual({ source: 'builtin' });
    expect(modelSourceOf('compatible:fake-chat')).toEqual({
      source: 'instance',
      provider: 'openai_compatible',
      name: 'fake-chat',
    });
    expect(modelSourceOf(`cred:${key}:llama3:8b`)).toEqual({
      source: 'key',
      credentialId: key,
      name: 'llama3:8b',
    });
  });

  it('names no model without a known prefix, a key id or a model name', () => {
    for (const id of ['fake-chat', 'gpt-4o', 'openai:', 'cred:nope:gpt', 'toString:x', ''])
      expect(modelSourceOf(id)).toBeNull();
  });
});
