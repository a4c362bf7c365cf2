import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { TConversation } from '@flowsmith/shared';
import { confirmAction } from '../../components/dialog/confirm';
import { useNotify } from '../../components/toast';
import { errorText } from '../../lib/forms';
import { ConversationItem } from './conversation-item';
import { useDeleteConversation, useRenameConversation } from './custom-ai.mutations';

type TConversationListProps = {
  conversations: TConversation[] | undefined;
  loading: boolean;
  error: unknown;
  selectedId: string | null;
  canChat: boolean;
  creating: boolean;
  onNew: () => void;
  onSelect: (conversation: TConversation) => void;
  /** The selected conversation was deleted: the page shows a fresh one. */
  onDeleted: (conversation: TConversation) => void;
};

/** The caller's conversations with this assistant, newest first. */
export function ConversationList({
  conversations,
  loading,
  error,
  selectedId,
  canChat,
  creating,
  onNew,
  onSelect,
  onDeleted,
}: TConversationListProps) {
  const notify = useNotify();
  const rename = useRenameConversation();
  const remove = useDeleteConversation();

  const onRename = (conversation: TConversation, title: string) =>
    rename.mutate({ conversation, title }, { onError: notify.failure('Could not rename') });
  const onDelete = (conversation: TConversation) =>
    confirmAction({
      header: 'Delete conversation',
      message: (
        <span>
          Delete <strong>{conversation.title}</strong> and all its messages? This cannot be undone.
        </span>
      ),
      acceptLabel: 'Delete',
      accept: () =>
        remove.mutate(conversation, {
          onSuccess: () => onDeleted(conversation),
          onError: notify.failure('Could not delete the conversation'),
        }),
    });

  return (
    <nav className="conversation-list surface-card" aria-label="Conversations">
      <div className="conversation-list__head">
        <h2>Conversations</h2>
        {canChat ? (
          <Button
            icon="pi pi-plus"
            label="New"
            size="small"
            outlined
            loading={creating}
            onClick={onNew}
          />
        ) : null}
      </div>
      {error ? (
        <Message severity="error" text={`Could not load conversations: ${errorText(error)}`} />
      ) : loading ? (
        <p className="conversation-list__empty">Loading…</p>
      ) : conversations?.length ? (
        <ul className="conversation-list__items">
          {conversations.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              selected={conversation.id === selectedId}
              canChat={canChat}
              onSelect={onSelect}
              onRename={onRename}
              onDelete={onDelete}
            />
          ))}
        </ul>
      ) : (
        <p className="conversation-list__empty">
          {canChat ? 'No conversations yet: your first message starts one.' : 'No conversations.'}
        </p>
      )}
    </nav>
  );
}
