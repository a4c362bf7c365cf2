import { useState, type KeyboardEvent } from 'react';

type TNodeTitleProps = {
  title: string;
  readOnly: boolean;
  onRename: (title: string) => void;
};

/** The node's title; a double-click edits it in place, Enter or leaving the field saves. */
export function NodeTitle({ title, readOnly, onRename }: TNodeTitleProps) {
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    const next = draft?.trim() ?? '';
    setDraft(null);
    if (next && next !== title) onRename(next.slice(0, 200));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape') setDraft(null);
  };

  if (draft !== null) {
    return (
      <input
        className="flow-node__title-input nodrag nopan"
        aria-label="Node title"
        value={draft}
        maxLength={200}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
    );
  }
  return (
    <span
      className="flow-node__title"
      data-testid="node-title"
      title={readOnly ? title : `${title} (double-click to rename)`}
      onDoubleClick={readOnly ? undefined : () => setDraft(title)}
    >
      {title}
    </span>
  );
}
