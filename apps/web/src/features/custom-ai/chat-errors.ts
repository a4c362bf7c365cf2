import type { UIMessage } from 'ai';
import { ZApiError } from '@flowsmith/shared';
import { messageText } from './message-parts';

/**
 * The words of a chat failure. A refusal before streaming (a 400 or 404) reaches `useChat` as an
 * Error whose message is the raw JSON envelope; a provider failure mid-stream is already a
 * sentence ("The model provider answered 500: …").
 */
export function chatErrorText(error: Error): string {
  try {
    const parsed = ZApiError.safeParse(JSON.parse(error.message));
    if (parsed.success) {
      const { message, details } = parsed.data.error;
      return details?.length ? details.map((detail) => detail.message).join(' ') : message;
    }
  } catch {
    // Not JSON: the message is already meant for people.
  }
  return error.message || 'The model could not answer.';
}

export type TRetryPlan =
  { kind: 'regenerate' } | { kind: 'resend'; messageId: string; text: string } | { kind: 'none' };

/**
 * How Retry repeats a failed turn. After a partial or failed reply the server has the user's
 * message, so the answer is regenerated. When nothing came back the last message is the user's
 * and the server may never have stored it (a refusal before streaming), so it is sent again
 * under the same id: the server ignores a message id it already has.
 */
export function retryPlan(messages: readonly UIMessage[]): TRetryPlan {
  const last = messages.at(-1);
  if (!last) return { kind: 'none' };
  if (last.role === 'user') return { kind: 'resend', messageId: last.id, text: messageText(last) };
  return { kind: 'regenerate' };
}
