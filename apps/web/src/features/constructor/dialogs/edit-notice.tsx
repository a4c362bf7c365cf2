import { useState, type RefObject } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { shownValue } from './remote-edits';

type TEditNoticeProps = {
  /** The fields of a save refused (409) because another member changed them meanwhile. */
  conflict: string[] | null;
  /** A field as people read it, and the other member's stored value of it. */
  labelOf: (field: string) => string;
  theirValue: (field: string) => unknown;
  /** What another member saved while the dialog was open, if anything. */
  changedElsewhere: string | null;
  onUseMine: () => void;
  onUseTheirs: () => void;
};

/**
 * Above a settings form: a refused save with the other member's values, the user's text kept in
 * the form below, and the choice of which to keep; else a note that another member saved.
 */
export function EditNotice({
  conflict,
  labelOf,
  theirValue,
  changedElsewhere,
  onUseMine,
  onUseTheirs,
}: TEditNoticeProps) {
  if (conflict) {
    return (
      <div className="canvas-dialog__conflict" role="alert" data-testid="edit-conflict">
        <p>
          Another member saved a different value meanwhile. Your text is kept below; choose which to
          keep:
        </p>
        <ul>
          {conflict.map((field) => (
            <li key={field}>
              {labelOf(field)}: <q>{shownValue(theirValue(field))}</q>
            </li>
          ))}
        </ul>
        <div className="canvas-dialog__conflict-actions">
          <Button type="button" label="Use mine" size="small" onClick={onUseMine} />
          <Button type="button" label="Use theirs" size="small" outlined onClick={onUseTheirs} />
        </div>
      </div>
    );
  }
  return changedElsewhere ? (
    <Message
      severity="info"
      className="w-full"
      data-testid="remote-change-notice"
      text={changedElsewhere}
    />
  ) : null;
}

/** Submits the dialog's form again (after "use mine" moved its base on). */
export function resubmit(inside: HTMLElement | null) {
  inside?.closest('form')?.requestSubmit();
}

/** A save refused (409): the row as another member stored it, and the fields they changed. */
export type TConflict<T> = { current: T; fields: string[] };

type TVersioned = { versions: Record<string, number> };

/**
 * A settings dialog's refused save and the two ways out of it. "Use mine" bases the conflicting
 * fields on the other member's versions and saves again; "use theirs" shows their values
 * (`takeTheirs`). `onSettled` runs after either.
 */
export function useEditConflict<T extends TVersioned>({
  baseVersions,
  wrapper,
  takeTheirs,
  onSettled,
}: {
  /** The versions the user's edits are based on, moved on in place. */
  baseVersions: () => TVersioned['versions'];
  wrapper: RefObject<HTMLElement | null>;
  takeTheirs: (conflict: TConflict<T>) => void;
  onSettled?: () => void;
}) {
  const [conflict, setConflict] = useState<TConflict<T> | null>(null);
  const useMine = () => {
    if (!conflict) return;
    const versions = baseVersions();
    for (const field of conflict.fields) versions[field] = conflict.current.versions[field] ?? 0;
    setConflict(null);
    onSettled?.();
    resubmit(wrapper.current);
  };
  const useTheirs = () => {
    if (!conflict) return;
    takeTheirs(conflict);
    setConflict(null);
    onSettled?.();
  };
  return { conflict, setConflict, useMine, useTheirs };
}
