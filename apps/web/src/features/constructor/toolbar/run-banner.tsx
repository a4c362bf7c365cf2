import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { formatDate } from '../../../lib/format/date-format';
import { statusSeverity } from '../../../lib/format/run-format';
import { clockTime, shortRunId } from '../core/run-history';
import { useRunStore } from '../state/run-store';

/** While a past run is shown: which one, and the way back to the live canvas. */
export function RunBanner({ onBack }: { onBack: () => void }) {
  const past = useRunStore((state) => state.past);
  if (!past) return null;
  const when = `${formatDate(past.createdAt)} ${clockTime(new Date(past.createdAt))}`;
  return (
    <div className="run-banner" role="status" data-testid="run-banner">
      <i className="pi pi-history" aria-hidden="true" />
      <span>
        Showing run <code>{shortRunId(past.runId)}</code> from {when}
      </span>
      <Tag value={past.status} severity={statusSeverity(past.status)} />
      {past.error ? <span className="run-banner__error">{past.error}</span> : null}
      <Button label="Back to live" icon="pi pi-arrow-left" size="small" text onClick={onBack} />
    </div>
  );
}
