import { useEffect, useMemo, useRef } from 'react';
import { useChat } from '@ai-sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import type { UIMessage } from 'ai';
import { Button } from 'primereact/button';
import { ChatComposer } from './chat-composer';
import { chatErrorText, retryPlan } from './chat-errors';
import { ChatMessage } from './chat-message';
import { createChatTransport } from './chat-request';
import { customAiKeys } from '../../lib/queries/custom-ais';
import { useStickToBottom } from './use-stick-to-bottom';

type TChatThreadProps = {
  customAiId: string;
  projectId: string;
  conversationId: string;
  /** The stored history; read once, when the thread opens. */
  initialMessages: UIMessage[];
  /** Editors and owners chat; viewers read. */
  canChat: boolean;
  workflowNames: readonly string[];
  /** A first message typed before the conversation existed, sent as soon as the thread opens. */
  firstMessage?: string | undefined;
  onFirstMessageSent?: () => void;
};

function TypingIndicator() {
  return (
    <div className="chat-typing" role="status" aria-label="The assistant is typing">
      <span />
      <span />
      <span />
    </div>
  );
}

/** One conversation: the messages, the reply streaming in, and the box to write the next one. */
export function ChatThread({
  customAiId,
  projectId,
  conversationId,
  initialMessages,
  canChat,
  workflowNames,
  firstMessage,
  onFirstMessageSent,
}: TChatThreadProps) {
  const queryClient = useQueryClient();
  const transport = useMemo(
    () => createChatTransport(customAiId, conversationId),
    [customAiId, conversationId],
  );
  const { messages, status, error, sendMessage, regenerate, stop } = useChat({
    id: conversationId,
    messages: initialMessages,
    transport,
    // A first message titles the conversation, and any reply moves it to the top.
    onFinish: () =>
      void queryClient.invalidateQueries({ queryKey: customAiKeys.conversations(customAiId) }),
  });
  const busy = status === 'submitted' || status === 'streaming';
  const { ref, onScroll, stick } = useStickToBottom<HTMLDivElement>(messages);

  const send = (text: string) => {
    stick();
    void sendMessage({ text });
  };

  // StrictMode runs effects twice on mount; the ref keeps the first message from going twice.
  const firstSent = useRef(false);
  useEffect(() => {
    if (!firstMessage || firstSent.current) return;
    firstSent.current = true;
    stick();
    void sendMessage({ text: firstMessage });
    onFirstMessageSent?.();
  }, [firstMessage, onFirstMessageSent, sendMessage, stick]);

  const retry = () => {
    const plan = retryPlan(messages);
    stick();
    if (plan.kind === 'regenerate') void regenerate();
    else if (plan.kind === 'resend')
      void sendMessage({ text: plan.text, messageId: plan.messageId });
  };

  const last = messages.at(-1);
  const streamingId = status === 'streaming' && last?.role === 'assistant' ? last.id : null;
  const canRegenerate = canChat && !busy && !error && last?.role === 'assistant';

  return (
    <div className="chat-thread">
      <div ref={ref} className="chat-thread__scroll" onScroll={onScroll}>
        {messages.length === 0 && !busy ? (
          <p className="chat-thread__hint">
            {canChat ? 'Say hello — the assistant answers here.' : 'No messages yet.'}
          </p>
        ) : null}
        {messages.map((message) => (
          <ChatMessage
            key={message.id}
            message={message}
            projectId={projectId}
            workflowNames={workflowNames}
            streaming={message.id === streamingId}
            onRegenerate={
              canRegenerate && message.id === last?.id ? () => void regenerate() : undefined
            }
          />
        ))}
        {status === 'submitted' ? <TypingIndicator /> : null}
        {error && !busy ? (
          <div className="chat-error" role="alert">
            <i className="pi pi-exclamation-circle" aria-hidden="true" />
            <span className="chat-error__text">{chatErrorText(error)}</span>
            {canChat ? (
              <Button
                type="button"
                label="Retry"
                icon="pi pi-refresh"
                size="small"
                outlined
                onClick={retry}
              />
            ) : null}
          </div>
        ) : null}
      </div>
      {canChat ? (
        <ChatComposer onSend={send} onStop={() => void stop()} busy={busy} />
      ) : (
        <p className="chat-readonly" role="note">
          <i className="pi pi-eye" aria-hidden="true" /> Viewers cannot chat: you can read this
          project’s assistants, and an owner can make you an editor.
        </p>
      )}
    </div>
  );
}
