import { Link } from 'react-router';
import { Tag } from 'primereact/tag';
import type { TCustomAi } from '@flowsmith/shared';
import { CustomAiAvatar } from './custom-ai-avatar';
import { chatUrl } from './custom-ai-links';
import { EditButton, DeleteButton } from '../../components/icon-button';

type TCustomAiCardProps = {
  customAi: TCustomAi;
  modelLabel: string;
  workflowCount: number | undefined;
  /** Absent for viewers: they may chat-read but not change assistants. */
  onEdit?: (customAi: TCustomAi) => void;
  onDelete?: (customAi: TCustomAi) => void;
};

const workflowsText = (count: number) =>
  count === 0 ? 'No workflows' : count === 1 ? '1 workflow' : `${count} workflows`;

/** One assistant: the whole card opens its chat; Edit and Delete sit above that link. */
export function CustomAiCard({
  customAi,
  modelLabel,
  workflowCount,
  onEdit,
  onDelete,
}: TCustomAiCardProps) {
  return (
    <article className="custom-ai-card surface-card" aria-labelledby={`custom-ai-${customAi.id}`}>
      <div className="custom-ai-card__head">
        <CustomAiAvatar avatar={customAi.avatar} name={customAi.name} />
        <h2 id={`custom-ai-${customAi.id}`} className="custom-ai-card__name">
          <Link to={chatUrl(customAi.id)} className="custom-ai-card__link">
            {customAi.name}
          </Link>
        </h2>
      </div>
      <p className="custom-ai-card__description">
        {customAi.description || <span className="custom-ai-card__muted">No description</span>}
      </p>
      <div className="custom-ai-card__meta">
        <Tag value={modelLabel} icon="pi pi-microchip-ai" severity="secondary" />
        {workflowCount === undefined ? null : (
          <span className="custom-ai-card__workflows">
            <i className="pi pi-sitemap" aria-hidden="true" /> {workflowsText(workflowCount)}
          </span>
        )}
        {onEdit || onDelete ? (
          <span className="custom-ai-card__actions">
            {onEdit ? <EditButton name={customAi.name} onClick={() => onEdit(customAi)} /> : null}
            {onDelete ? (
              <DeleteButton name={customAi.name} onClick={() => onDelete(customAi)} />
            ) : null}
          </span>
        ) : null}
      </div>
    </article>
  );
}
