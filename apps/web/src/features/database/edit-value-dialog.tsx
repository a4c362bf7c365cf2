import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import type { TDatabaseValue } from '@flowsmith/shared';
import { AppDialog } from '../../components/dialog/app-dialog';
import { LoadError, LoadingBlock } from '../../components/query-state';
import { fullValueQueryOptions } from '../../lib/queries/databases';
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
    <AppDialog
      onHide={onClose}
      header="Edit value"
      footer={<Button type="button" label="Cancel" text onClick={onClose} />}
      className="value-form-dialog"
    >
      {full.isError ? (
        <LoadError what="the whole value" error={full.error} onRetry={() => void full.refetch()} />
      ) : (
        <LoadingBlock label="Loading the whole value" />
      )}
    </AppDialog>
  );
}
