import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { chatRequestBody } from './chat-request';

const user = (id: string, text: string): UIMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
  metadata: { createdAt: '2025-01-01T00:00:00.000Z' },
});
const assistant: UIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Hi' }] };

describe('chatRequestBody', () => {
  it('sends only the new user message, without its metadata', () => {
    expect(
      chatRequestBody('submit-message', 'c1', [user('u1', 'one'), assistant, user('u2', 'two')]),
    ).toEqual({
      trigger: 'submit-message',
      conversationId: 'c1',
      message: { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'two' }] },
    });
  });

  it('sends only the conversation to regenerate', () => {
    expect(chatRequestBody('regenerate-message', 'c1', [user('u1', 'one')])).toEqual({
      trigger: 'regenerate-message',
      conversationId: 'c1',
    });
  });

  it('refuses to submit when the last message is not the user’s', () => {
    expect(() => chatRequestBody('submit-message', 'c1', [user('u1', 'one'), assistant])).toThrow();
    expect(() => chatRequestBody('submit-message', 'c1', [])).toThrow();
  });
});
