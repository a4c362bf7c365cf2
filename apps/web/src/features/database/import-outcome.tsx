import { useEffect, useRef } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/forms';
import { formatCount } from '../../lib/format/number-format';
import {
  isCapped,
  MAX_REPORTED_PROBLEMS,
  nothingImported,
  reportCsv,
  reportRows,
  type TReportRow,
} from './import-report';
import type { TUploadState } from './use-import-upload';

type TImportOutcomeProps = {
  state: TUploadState;
  fileName: string;
  onCancel: () => void;
};

function downloadReport(rows: TReportRow[], fileName: string) {
  const blob = new Blob([reportCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName.replace(/\.[^.]+$/, '')}-problems.csv`;
  link.click();
  // The click has started the download; the blob URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The per-row report of a refused import, with the server's summary on top. */
function ImportReport({ error, fileName }: { error: unknown; fileName: string }) {
  const details = isApiError(error) ? error.details : [];
  const rows = reportRows(details);
  const summary = isApiError(error) ? error.message : errorText(error);
  return (
    <div className="import-report" role="alert">
      <Message severity="error" className="w-full" text={nothingImported(summary)} />
      {rows.length > 0 ? (
        <>
          <div className="import-report__bar">
            <span>
              {isCapped(details)
                ? `Showing the first ${formatCount(MAX_REPORTED_PROBLEMS)} problems.`
                : `${formatCount(rows.length)} ${rows.length === 1 ? 'problem' : 'problems'}.`}
            </span>
            <Button
              type="button"
              label="Download report"
              icon="pi pi-download"
              text
              size="small"
              onClick={() => downloadReport(rows, fileName)}
            />
          </div>
          <DataTable
            value={rows}
            size="small"
            scrollable
            scrollHeight="14rem"
            paginator={rows.length > 100}
            rows={100}
            className="import-report__table"
            pt={{ table: { 'aria-label': 'Import problems' } }}
          >
            <Column
              header="Row"
              body={(row: TReportRow) => row.row ?? '—'}
              className="import-report__row"
            />
            <Column header="Column" body={(row: TReportRow) => row.column ?? 'whole row'} />
            <Column header="Problem" field="message" />
          </DataTable>
        </>
      ) : null}
    </div>
  );
}

/** What the last upload did: progress with Cancel while it runs, then its outcome. */
export function ImportOutcome(props: TImportOutcomeProps) {
  const box = useRef<HTMLDivElement>(null);
  // The outcome appears under the form, often below the fold of the dialog: bring it into view.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [props.state.phase]);
  return (
    <div ref={box} className="import-outcome">
      <OutcomeContent {...props} />
    </div>
  );
}

function OutcomeContent({ state, fileName, onCancel }: TImportOutcomeProps) {
  switch (state.phase) {
    case 'sending': {
      const percent = Math.round(state.sent * 100);
      const finishing = state.sent >= 1;
      return (
        <div className="import-progress" aria-live="polite">
          <div className="import-progress__label">
            {finishing
              ? state.dryRun
                ? 'Checking the last rows…'
                : 'Storing the last rows…'
              : `${state.dryRun ? 'Checking' : 'Importing'} ${fileName}: ${percent}%`}
          </div>
          <div className="import-progress__bar">
            <ProgressBar
              value={percent}
              mode={finishing ? 'indeterminate' : 'determinate'}
              showValue={false}
              aria-label="Upload progress"
            />
            <Button
              type="button"
              label="Cancel"
              severity="secondary"
              outlined
              size="small"
              onClick={onCancel}
            />
          </div>
        </div>
      );
    }
    case 'cancelled':
      return <Message severity="warn" className="w-full" text="Cancelled. Nothing was imported." />;
    case 'checked':
      return (
        <Message
          severity="success"
          className="w-full"
          text={`The file is fine: ${formatCount(state.result.rowsRead)} ${
            state.result.rowsRead === 1 ? 'row' : 'rows'
          } can be imported. Nothing has been written yet.`}
        />
      );
    case 'failed':
      if (isApiError(state.error) && state.error.code === 'validation_error') {
        return <ImportReport error={state.error} fileName={fileName} />;
      }
      return (
        <Message
          severity="error"
          className="w-full"
          role="alert"
          text={nothingImported(errorText(state.error))}
        />
      );
    default:
      return null;
  }
}
