import { Message } from 'primereact/message';
import { useSavedDataTime } from '../../lib/offline/saved-data-state';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Above every page while what it shows was saved on an earlier visit and cannot be refreshed. */
export function SavedDataNotice() {
  const savedAt = useSavedDataTime();
  if (savedAt === null) return null;
  return (
    <Message
      severity="warn"
      className="w-full saved-data-notice"
      data-testid="saved-data-notice"
      text={`Offline — showing saved data from ${timeFormat.format(savedAt)}. It refreshes by itself when Flowsmith can be reached again.`}
    />
  );
}
