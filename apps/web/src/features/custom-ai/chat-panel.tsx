import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/forms';
import { ChatComposer } from './chat-composer';
import { ChatThread } from './chat-thread';
import { messagesQueryOptions } from '../../lib/queries/custom-ais';
import { LoadingBlock } from '../../components/query-state';

type TChatPanelProps = {
  customAiId: string;
  projectId: string;
  conversationId: string | null;
  canChat: boolean;
  workflowNames: readonly string[];
  /** The message that created the selected conversation, still to be sent. */
  firstMessage: string | undefined;
  onFirstMessageSent: () => void;
  /** With no conversation selected, the first message creates one. */
  onStart: (text: string) => void;
  starting: boolean;
  onNewConversation: () => void;
};

/** The selected conversation's thread once its history is in, or a fresh one to start. */
export function ChatPanel({
  customAiId,
  projectId,
  conversationId,
  canChat,
  workflowNames,
  firstMessage,
  onFirstMessageSent,
  onStart,
  starting,
  onNewConversation,
}: TChatPanelProps) {
  const history = useQuery({
    ...messagesQueryOptions(conversationId ?? ''),
    enabled: conversationId !== null,
  });

  if (conversationId === null) {
    return (
      <div className="chat-thread">
        <div className="chat-thread__scroll">
          <p className="chat-thread__hint">
            {canChat
              ? 'A new conversation: your first message starts it.'
              : 'Pick a conversation to read it.'}
          </p>
        </div>
        {canChat ? (
          <ChatComposer onSend={onStart} busy={false} sending={starting} />
        ) : (
          <p className="chat-readonly" role="note">
            <i className="pi pi-eye" aria-hidden="true" /> Viewers cannot chat.
          </p>
        )}
      </div>
    );
  }
  if (history.isPending) {
    return <LoadingBlock label="Loading the conversation" />;
  }
  if (history.isError) {
    const gone = isApiError(history.error) && history.error.status === 404;
    return (
      <div className="custom-ai-error">
        <Message
          severity={gone ? 'warn' : 'error'}
          text={
            gone
              ? 'This conversation no longer exists.'
              : `Could not load the conversation: ${errorText(history.error)}`
          }
        />
        {gone ? (
          <Button label="Start a new one" icon="pi pi-plus" outlined onClick={onNewConversation} />
        ) : (
          <Button
            label="Try again"
            icon="pi pi-refresh"
            outlined
            onClick={() => void history.refetch()}
          />
        )}
      </div>
    );
  }
  return (
    <ChatThread
      key={conversationId}
      customAiId={customAiId}
      projectId={projectId}
      conversationId={conversationId}
      initialMessages={history.data.items}
      canChat={canChat}
      workflowNames={workflowNames}
      firstMessage={firstMessage}
      onFirstMessageSent={onFirstMessageSent}
    />
  );
}
