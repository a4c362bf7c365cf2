import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { chatErrorText, retryPlan } from './chat-errors';

describe('chatErrorText', () => {
  it('reads the envelope of a refusal before streaming', () => {
    const body = { error: { code: 'not_found', message: 'Custom AI not found' } };
    expect(chatErrorText(new Error(JSON.stringify(body)))).toBe('Custom AI not found');
    const invalid = {
      error: {
        code: 'validation_error',
        message: 'Invalid body',
        details: [{ field: 'model', message: 'Unknown model "gpt-9"' }],
      },
    };
    expect(chatErrorText(new Error(JSON.stringify(invalid)))).toBe('Unknown model "gpt-9"');
  });

  it('shows a quota refusal in its own words', () => {
    const refused = {
      error: {
        code: 'quota_exceeded',
        message:
          'The Free plan allows 1,000 model requests a month; this limit resets on 1 Dec 2026',
        quota: { name: 'requestsPerMonth', limit: 1000, resetsAt: '2026-12-01T00:00:00.000Z' },
      },
    };
    expect(chatErrorText(new Error(JSON.stringify(refused)))).toBe(refused.error.message);
  });

  it('keeps a stream error as it is', () => {
    expect(chatErrorText(new Error('The model provider answered 500: boom'))).toBe(
      'The model provider answered 500: boom',
    );
    expect(chatErrorText(new Error(''))).toBe('The model could not answer.');
  });
});

describe('retryPlan', () => {
  const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi there' }] };
  const reply: UIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Hel' }] };

  it('regenerates after a reply, resends a message that got none', () => {
    expect(retryPlan([user, reply])).toEqual({ kind: 'regenerate' });
    expect(retryPlan([user])).toEqual({ kind: 'resend', messageId: 'u1', text: 'Hi there' });
    expect(retryPlan([])).toEqual({ kind: 'none' });
  });
});
