import { useRef } from 'react';
import { Button } from 'primereact/button';
import { MAX_IMPORT_BYTES } from '@flowsmith/shared';
import { fileSize } from './import-options';

type TImportFileFieldProps = {
  file: File | null;
  disabled: boolean;
  onChoose: (file: File) => void;
};

const ACCEPT = '.csv,.json,.txt,text/csv,application/json,text/plain';

/** A native file input (so the keyboard, screen readers and tests reach it) behind a button. */
export function ImportFileField({ file, disabled, onChoose }: TImportFileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="import-file">
      <input
        ref={input}
        id="import-file"
        type="file"
        accept={ACCEPT}
        className="import-file__input"
        aria-label="File to import"
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onChoose(chosen);
          // Choosing the same file again after editing it on disk must fire a change too.
          event.target.value = '';
        }}
      />
      <Button
        type="button"
        label={file ? 'Choose another file' : 'Choose a file'}
        icon="pi pi-file-import"
        outlined={Boolean(file)}
        disabled={disabled}
        onClick={() => input.current?.click()}
      />
      {file ? (
        <span className="import-file__name">
          <i className="pi pi-file" aria-hidden="true" /> {file.name}
          <span className="import-file__size">{fileSize(file.size)}</span>
        </span>
      ) : (
        <span className="import-file__hint">
          CSV, JSON or TXT, up to {fileSize(MAX_IMPORT_BYTES)}.
        </span>
      )}
    </div>
  );
}
