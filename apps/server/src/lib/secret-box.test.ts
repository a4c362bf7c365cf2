import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('createSecretBox', () => {
  const box = createSecretBox('a-secret-key-that-is-long-enough-000000', 'test');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('sk-live-123');
    expect(sealed).not.toContain('sk-live-123');
    expect(box.open(sealed)).toBe('sk-live-123');
    expect(box.seal('sk-live-123')).not.toBe(sealed);
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = box.seal('secret');
    const [iv, tag, body] = sealed.split('.');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() => box.open([iv, tag, flipped].join('.'))).toThrow();
    const other = createSecretBox('another-secret-key-that-is-long-enough', 'test');
    expect(() => other.open(sealed)).toThrow();
  });
});
