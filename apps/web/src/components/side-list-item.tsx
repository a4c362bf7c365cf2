import type { ReactNode } from 'react';
import { EditButton, DeleteButton } from './icon-button';
import './side-list.css';

type TSideListItemProps = {
  /** The name it is opened by; cut to one line, in full on hover. */
  title: string;
  /** A second, quieter line: a description, a date. */
  detail?: ReactNode;
  selected: boolean;
  onOpen: () => void;
  /** Rename and Delete, for who may: shown on hover, focus or selection, always on touch. */
  onRename?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
};

/** One entry of a side list (databases, conversations): the whole entry opens it. */
export function SideListItem(props: TSideListItemProps) {
  const { title, detail, selected, onOpen, onRename, onDelete } = props;
  return (
    <li className={`side-item${selected ? ' side-item--selected' : ''}`}>
      <button
        type="button"
        className="side-item__open"
        aria-current={selected ? 'true' : undefined}
        onClick={onOpen}
      >
        <span className="side-item__title" title={title}>
          {title}
        </span>
        {detail ? <span className="side-item__detail">{detail}</span> : null}
      </button>
      {onRename || onDelete ? (
        <span className="side-item__actions">
          {onRename ? (
            <EditButton name={title} verb="Rename" size="small" onClick={onRename} />
          ) : null}
          {onDelete ? <DeleteButton name={title} size="small" onClick={onDelete} /> : null}
        </span>
      ) : null}
    </li>
  );
}
