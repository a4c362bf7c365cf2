import { Checkbox } from 'primereact/checkbox';
import type { TInputRename } from '../core/template-variables';

type TInputRenameNoticeProps = {
  renames: readonly TInputRename[];
  /** Removed inputs whose connection the user chose not to move. */
  dropped: ReadonlySet<string>;
  onCarryChange: (from: string, carry: boolean) => void;
};

/**
 * Under the template being edited: which connected inputs the edit removes, with the offer to
 * move a renamed variable's connection to its new input, before anything is saved.
 */
export function InputRenameNotice({ renames, dropped, onCarryChange }: TInputRenameNoticeProps) {
  if (!renames.length) return null;
  return (
    <div className="input-rename" data-testid="input-rename">
      {renames.map(({ from, to }) => {
        const id = `carry-${from}`;
        const lost = !to || dropped.has(from);
        return (
          <div key={from} className="input-rename__item">
            {to ? (
              <div className="input-rename__choice">
                <Checkbox
                  inputId={id}
                  checked={!dropped.has(from)}
                  onChange={(event) => onCarryChange(from, Boolean(event.checked))}
                />
                <label htmlFor={id}>
                  Move the connection of <code>{from}</code> to <code>{to}</code>
                </label>
              </div>
            ) : null}
            {lost ? (
              <small className="input-rename__warning" role="alert">
                <i className="pi pi-exclamation-triangle" aria-hidden="true" /> Saving removes the
                input <code>{from}</code> and its connection.
              </small>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
