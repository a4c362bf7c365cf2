import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { MAX_IMPORT_BYTES, type TNodeDatabase } from '@flowsmith/shared';
import { AppDialog } from '../../components/dialog/app-dialog';
import { useToast } from '../../components/toast';
import { isApiError } from '../../lib/api';
import { formatCount } from '../../lib/format/number-format';
import { ImportFileField } from './import-file-field';
import {
  DEFAULT_IMPORT_OPTIONS,
  fileSize,
  formatFromFileName,
  mappingProblem,
  type TImportMode,
  type TImportOptions,
} from './import-options';
import { ImportOutcome } from './import-outcome';
import { reportRows } from './import-report';
import { buildPreview, guessMapping } from './import-preview';
import { ImportPreviewTable } from './import-preview-table';
import { ImportFileSettings, ImportMapping } from './import-settings';
import { useFileSample } from './use-import-file';
import { useImportUpload } from './use-import-upload';
import './import-dialog.css';

type TImportDialogProps = {
  database: TNodeDatabase;
  /** How many values the database holds now, for the replace warning; null when unknown. */
  valueCount: number | null;
  onClose: () => void;
};

const MODE_OPTIONS: Array<{ label: string; value: TImportMode }> = [
  { label: 'Add to the values', value: 'append' },
  { label: 'Replace all values', value: 'replace' },
];

/**
 * Import a CSV or JSON file into a database: preview, column mapping, a dry run ("Check file")
 * and the import itself, all-or-nothing on the server. Mounted only while open.
 */
export function ImportDialog({ database, valueCount, onClose }: TImportDialogProps) {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<TImportOptions>(DEFAULT_IMPORT_OPTIONS);
  const { sample, readError } = useFileSample(file, options.format);
  const upload = useImportUpload(database.id);
  const busy = upload.state.phase === 'sending';

  const preview = useMemo(
    () =>
      sample
        ? buildPreview({ ...sample, delimiter: options.delimiter, header: options.header })
        : null,
    [sample, options.delimiter, options.header],
  );
  // New columns (another file, header switched) get a fresh guess at the mapping.
  const columnsKey = preview ? JSON.stringify(preview.columns.map((column) => column.value)) : '';
  const [guessedFor, setGuessedFor] = useState('');
  if (preview && preview.columns.length > 0 && columnsKey !== guessedFor) {
    setGuessedFor(columnsKey);
    setOptions((current) => ({ ...current, ...guessMapping(preview.columns) }));
  }

  const change = (next: Partial<TImportOptions>) => {
    setOptions((current) => ({ ...current, ...next }));
    upload.reset();
  };
  const choose = (chosen: File) => {
    setFile(chosen);
    change({ format: formatFromFileName(chosen.name) });
  };

  const problemRows = useMemo(
    () =>
      new Set(
        upload.state.phase === 'failed' && isApiError(upload.state.error)
          ? reportRows(upload.state.error.details).flatMap((problem) => problem.row ?? [])
          : [],
      ),
    [upload.state],
  );

  const tooLarge = file !== null && file.size > MAX_IMPORT_BYTES;
  const problem = mappingProblem(options);
  const canSend = file !== null && !tooLarge && !problem && !busy;

  const send = async (dryRun: boolean) => {
    if (!file) return;
    const result = await upload.start(file, options, dryRun);
    if (!result || dryRun) return;
    const replaced = result.replaced ? `, ${formatCount(result.replaced)} old values removed` : '';
    toast.show({
      severity: 'success',
      summary: 'Import finished',
      detail: `${formatCount(result.imported)} ${result.imported === 1 ? 'value' : 'values'} imported into ${database.name}${replaced}.`,
    });
    onClose();
  };

  const footer = (
    <>
      <Button type="button" label="Close" text onClick={onClose} />
      <Button
        type="button"
        label="Check file"
        icon="pi pi-check-circle"
        outlined
        disabled={!canSend}
        onClick={() => void send(true)}
      />
      <Button
        type="button"
        label="Import"
        icon="pi pi-upload"
        severity={options.mode === 'replace' ? 'danger' : undefined}
        disabled={!canSend}
        onClick={() => void send(false)}
      />
    </>
  );

  return (
    <AppDialog
      onHide={onClose}
      header={`Import into ${database.name}`}
      footer={footer}
      className="import-dialog"
      breakpoints={{ '960px': '95vw' }}
    >
      <div className="import-dialog__body">
        <ImportFileField file={file} disabled={busy} onChoose={choose} />
        {tooLarge ? (
          <Message
            severity="error"
            className="w-full"
            text={`The file is ${fileSize(file.size)}; the limit is ${fileSize(MAX_IMPORT_BYTES)}. Split it into smaller files.`}
          />
        ) : null}
        {readError ? (
          <Message
            severity="error"
            className="w-full"
            text={`Could not read the file: ${readError}`}
          />
        ) : null}
        {file && !tooLarge ? (
          <>
            <ImportFileSettings
              options={options}
              columns={preview?.columns ?? []}
              detectedDelimiter={preview?.detectedDelimiter}
              disabled={busy}
              onChange={change}
            />
            <section aria-label="Preview" className="import-dialog__preview">
              <h3>
                Preview
                <span className="import-dialog__muted">
                  {preview?.rows.length ? ` — the first ${preview.rows.length} rows` : ''}
                </span>
              </h3>
              {preview ? (
                <ImportPreviewTable preview={preview} mapping={options} problemRows={problemRows} />
              ) : (
                <p className="import-dialog__muted">Reading the file…</p>
              )}
              {preview?.note && preview.rows.length > 0 ? (
                <small className="import-dialog__muted">{preview.note}</small>
              ) : null}
            </section>
            <ImportMapping
              options={options}
              columns={preview?.columns ?? []}
              detectedDelimiter={undefined}
              disabled={busy}
              onChange={change}
            />
            <div className="import-dialog__mode">
              <span className="import-dialog__label" id="import-mode-label">
                Mode
              </span>
              <SelectButton
                aria-labelledby="import-mode-label"
                value={options.mode}
                options={MODE_OPTIONS}
                allowEmpty={false}
                disabled={busy}
                onChange={(event) => change({ mode: event.value as TImportMode })}
              />
              {options.mode === 'replace' ? (
                <Message
                  severity="warn"
                  text={`Every value now in ${database.name}${
                    valueCount ? ` (${formatCount(valueCount)})` : ''
                  } is deleted and replaced by the file's rows — only if the whole file imports.`}
                />
              ) : null}
            </div>
            {problem ? <small className="p-error">{problem}</small> : null}
          </>
        ) : null}
        <ImportOutcome
          state={upload.state}
          fileName={file?.name ?? 'file'}
          onCancel={upload.cancel}
        />
      </div>
    </AppDialog>
  );
}
