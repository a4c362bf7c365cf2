import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { TCustomAi } from '@flowsmith/shared';
import { CustomAiAvatar } from './custom-ai-avatar';
import { customAiListUrl } from './custom-ai-links';

type TChatHeaderProps = {
  customAi: TCustomAi;
  modelLabel: string;
  /** Absent for viewers. */
  onEdit?: (() => void) | undefined;
};

/** Who you are talking to: the assistant's avatar, name and model, and a way to change it. */
export function ChatHeader({ customAi, modelLabel, onEdit }: TChatHeaderProps) {
  return (
    <header className="chat-header">
      <Link
        to={customAiListUrl(customAi.projectId)}
        className="chat-header__back p-button p-button-text p-button-rounded p-button-icon-only"
        aria-label="All custom AIs"
        data-pr-tooltip="All custom AIs"
      >
        <i className="pi pi-arrow-left" aria-hidden="true" />
      </Link>
      <CustomAiAvatar avatar={customAi.avatar} name={customAi.name} size="large" />
      <div className="chat-header__text">
        <h1>{customAi.name}</h1>
        <Tag value={modelLabel} icon="pi pi-microchip-ai" severity="secondary" />
      </div>
      {onEdit ? (
        <Button
          label="Edit"
          icon="pi pi-pencil"
          outlined
          className="chat-header__edit"
          onClick={onEdit}
        />
      ) : null}
    </header>
  );
}
