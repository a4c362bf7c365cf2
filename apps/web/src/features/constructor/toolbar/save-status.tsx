import { Button } from 'primereact/button';
import type { TSaveStatus } from '../core/save-queue';

const LABELS: Record<TSaveStatus, { icon: string; text: string }> = {
  saved: { icon: 'pi pi-check-circle', text: 'All changes saved' },
  pending: { icon: 'pi pi-clock', text: 'Saving soon…' },
  saving: { icon: 'pi pi-spin pi-spinner', text: 'Saving…' },
  error: { icon: 'pi pi-exclamation-triangle', text: 'Not saved' },
};

type TSaveStatusProps = { status: TSaveStatus; onRetry: () => void };

/** Where the canvas's saving stands; after a failure it offers to retry or reload. */
export function SaveStatus({ status, onRetry }: TSaveStatusProps) {
  const { icon, text } = LABELS[status];
  return (
    <span className={`save-status save-status--${status}`} role="status" data-testid="save-status">
      <i className={icon} aria-hidden="true" />
      <span>{text}</span>
      {status === 'error' ? (
        <>
          <Button label="Retry" size="small" text onClick={onRetry} />
          <Button
            label="Reload"
            size="small"
            text
            severity="secondary"
            onClick={() => window.location.reload()}
          />
        </>
      ) : null}
    </span>
  );
}
