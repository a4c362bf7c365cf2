import { DefaultChatTransport, type UIMessage } from 'ai';
import { chatEndpoint } from '../../lib/queries/custom-ais';

type TChatTrigger = 'submit-message' | 'regenerate-message';

/**
 * The body of `POST /api/custom_ais/:id/chat`. The server keeps the history, so a turn sends only
 * the new user message (a whole conversation would grow every request); a regenerate sends
 * nothing but the conversation, and the server answers its last user message again.
 */
export function chatRequestBody(
  trigger: TChatTrigger,
  conversationId: string,
  messages: readonly UIMessage[],
) {
  if (trigger === 'regenerate-message') return { trigger, conversationId };
  const last = messages.at(-1);
  if (!last || last.role !== 'user') throw new Error('There is no user message to send');
  return {
    trigger,
    conversationId,
    message: { id: last.id, role: last.role, parts: last.parts },
  };
}

export function createChatTransport(customAiId: string, conversationId: string) {
  return new DefaultChatTransport<UIMessage>({
    api: chatEndpoint(customAiId),
    credentials: 'include',
    prepareSendMessagesRequest: ({ messages, trigger }) => ({
      body: chatRequestBody(
        trigger === 'regenerate-message' ? trigger : 'submit-message',
        conversationId,
        messages,
      ),
    }),
  });
}
