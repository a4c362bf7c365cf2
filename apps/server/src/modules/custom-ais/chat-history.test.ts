import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { contextWindow, trimToWindow } from './chat-history';

const message = (id: string, text: string): UIMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
});

describe('chat history', () => {
  it('knows the window of common model families, and is cautious otherwise', () => {
    expect(contextWindow('openai:gpt-4o-mini')).toBe(128_000);
    expect(contextWindow('anthropic:claude-sonnet-4-5')).toBe(128_000);
    expect(contextWindow('compatible:tiny-chat')).toBe(8_192);
  });

  it('keeps the newest messages that fit and says how many were left out', () => {
    const history = Array.from({ length: 10 }, (_, i) => message(`m${i}`, 'x'.repeat(400)));
    const trimmed = trimToWindow(history, 1_000, 'Be brief.');
    expect(trimmed.dropped).toBeGreaterThan(0);
    expect(trimmed.messages.at(-1)!.id).toBe('m9');
    expect(trimmed.messages.length + trimmed.dropped).toBe(10);
    expect(trimToWindow(history, 128_000, '').dropped).toBe(0);
  });

  it('always keeps the last message, even when it alone is too long', () => {
    const trimmed = trimToWindow(
      [message('a', 'short'), message('b', 'y'.repeat(100_000))],
      1_000,
      '',
    );
    expect(trimmed.messages.map((m) => m.id)).toEqual(['b']);
    expect(trimmed.dropped).toBe(1);
  });
});
