import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { TDatabaseValue } from '@flowsmith/shared';
import { LoadError, LoadingBlock } from '../../components/query-state';
import { fullValueQueryOptions } from './database.queries';
import { ValueFormDialog } from './value-form-dialog';

type TEditValueDialogProps = { databaseId: string; value: TDatabaseValue; onClose: () => void };

/**
 * Edits a value as it is stored: a long one is listed only by its beginning, so the whole of
 * it is fetched before the form opens (saving the beginning would cut the value short).
 */
export function EditValueDialog({ databaseId, value, onClose }: TEditValueDialogProps) {
  const full = useQuery({ ...fullValueQueryOptions(value), enabled: value.truncated });
  if (!value.truncated || full.data) {
    return <ValueFormDialog databaseId={databaseId} value={full.data ?? value} onClose={onClose} />;
  }
  return (
    <Dialog
      visible
      onHide={onClose}
      header="Edit value"
      footer={<Button type="button" label="Cancel" text onClick={onClose} />}
      className="value-form-dialog"
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
    >
      {full.isError ? (
        <LoadError what="the whole value" error={full.error} onRetry={() => void full.refetch()} />
      ) : (
        <LoadingBlock label="Loading the whole value" />
      )}
    </Dialog>
  );
}
