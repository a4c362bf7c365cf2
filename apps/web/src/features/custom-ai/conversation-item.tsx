import { useState, type KeyboardEvent } from 'react';
import { InputText } from 'primereact/inputtext';
import type { TConversation } from '@flowsmith/shared';
import { formatDate } from '../../lib/format/date-format';
import { SideListItem } from '../../components/side-list-item';

type TConversationItemProps = {
  conversation: TConversation;
  selected: boolean;
  canChat: boolean;
  onSelect: (conversation: TConversation) => void;
  onRename: (conversation: TConversation, title: string) => void;
  onDelete: (conversation: TConversation) => void;
};

/** One conversation in the side list; its title can be renamed in place (Enter saves, Esc cancels). */
export function ConversationItem({
  conversation,
  selected,
  canChat,
  onSelect,
  onRename,
  onDelete,
}: TConversationItemProps) {
  const [draft, setDraft] = useState<string | null>(null);

  const finish = (save: boolean) => {
    const title = draft?.trim() ?? '';
    if (save && title && title !== conversation.title) onRename(conversation, title);
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') finish(true);
    if (event.key === 'Escape') finish(false);
  };

  if (draft !== null) {
    return (
      <li className="conversation-item--editing">
        <InputText
          autoFocus
          aria-label="Conversation title"
          value={draft}
          maxLength={200}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => finish(true)}
          className="w-full"
        />
      </li>
    );
  }
  return (
    <SideListItem
      title={conversation.title}
      detail={
        <time
          dateTime={conversation.updatedAt}
          title={new Date(conversation.updatedAt).toLocaleString()}
        >
          {formatDate(conversation.updatedAt)}
        </time>
      }
      selected={selected}
      onOpen={() => onSelect(conversation)}
      {...(canChat
        ? { onRename: () => setDraft(conversation.title), onDelete: () => onDelete(conversation) }
        : {})}
    />
  );
}
