import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import {
  valueTypeCodes,
  valueTypeNames,
  type TDatabaseValue,
  type TNodeDatabase,
} from '@flowsmith/shared';
import { EmptyState } from '../../components/empty-state';
import { usePageInRange } from '../../lib/list/use-page-in-range';
import { SearchInput } from '../../components/search-input';
import { confirmAction } from '../../components/dialog/confirm';
import { useNotify } from '../../components/toast';
import { databaseExportUrl, valuePageQueryOptions } from '../../lib/queries/databases';
import {
  type TChangeParams,
  type TDatabaseScreenParams,
  type TValueListParams,
  valuesApiQuery,
} from './database-params';
import { useDeleteValue } from './database.mutations';
import { EditValueDialog } from './edit-value-dialog';
import { ImportDialog } from './import-dialog';
import { ValueFormDialog } from './value-form-dialog';
import { ValuesTable } from './values-table';
import { LoadError } from '../../components/query-state';

type TValuesPanelProps = {
  database: TNodeDatabase;
  canEdit: boolean;
  params: TDatabaseScreenParams;
  onParamsChange: TChangeParams;
};

type TValueDialog =
  { kind: 'create' } | { kind: 'edit'; value: TDatabaseValue } | { kind: 'import' } | null;

const TYPE_OPTIONS = [
  { label: 'All types', value: '' },
  ...valueTypeCodes.map((code) => ({ label: valueTypeNames[code], value: code })),
];

/** The chosen database: its values, paged, sorted and filtered on the server, and their forms. */
export function ValuesPanel({ database, canEdit, params, onParamsChange }: TValuesPanelProps) {
  const notify = useNotify();
  const values = useQuery(valuePageQueryOptions(database.id, valuesApiQuery(database.id, params)));
  const remove = useDeleteValue();
  const [dialog, setDialog] = useState<TValueDialog>(null);
  const change = (next: Partial<TValueListParams>, replace = false) =>
    onParamsChange((current) => ({ ...current, ...next }), replace);
  usePageInRange(values, params.page, params.pageSize, (page) => change({ page }, true));

  const confirmDelete = (value: TDatabaseValue) =>
    confirmAction({
      header: 'Delete value',
      message: (
        <span>
          Delete the value <strong>{value.key}</strong>? This cannot be undone.
        </span>
      ),
      acceptLabel: 'Delete',
      accept: () =>
        remove.mutate(
          value,
          notify.outcome('Value deleted', value.key, `Could not delete ${value.key}`),
        ),
    });

  const total = values.data?.total ?? 0;
  const filtered = Boolean(params.search || params.type);
  const isEmpty = values.isSuccess && !values.isPlaceholderData && total === 0 && !filtered;
  const addButton = (
    <Button label="Add value" icon="pi pi-plus" onClick={() => setDialog({ kind: 'create' })} />
  );
  const importButton = (
    <Button
      label="Import"
      icon="pi pi-upload"
      outlined
      onClick={() => setDialog({ kind: 'import' })}
    />
  );

  return (
    <div className="values-panel">
      <header className="values-panel__head">
        <div className="values-panel__title">
          <h2>{database.name}</h2>
          {database.description ? <p>{database.description}</p> : null}
        </div>
        <div className="values-panel__actions">
          {canEdit && !isEmpty ? (
            <>
              {importButton}
              {addButton}
            </>
          ) : null}
          {/* A plain link: the browser streams the CSV to disk, however large. */}
          {isEmpty ? null : (
            <a
              href={databaseExportUrl(database.id)}
              download
              className="p-button p-component p-button-outlined database-link-button"
            >
              <span
                className="p-button-icon p-button-icon-left pi pi-download"
                aria-hidden="true"
              />
              <span className="p-button-label">Export CSV</span>
            </a>
          )}
        </div>
      </header>
      {isEmpty ? (
        <EmptyState
          icon="pi pi-list"
          title="No values yet"
          action={
            canEdit ? (
              <div className="values-panel__empty-actions">
                {addButton}
                {importButton}
              </div>
            ) : null
          }
        >
          {canEdit
            ? 'Add one or import a CSV or JSON file. Workflows add values too, with a Request storage node.'
            : 'Values appear here when project members add or import them. You can view this project but not change it.'}
        </EmptyState>
      ) : (
        <>
          <div className="values-toolbar">
            <SearchInput
              className="values-toolbar__search"
              value={params.search}
              label="Search keys and values"
              onSearch={(search) => change({ search, page: 1 }, true)}
            />
            <Dropdown
              className="values-toolbar__type"
              aria-label="Type"
              placeholder="All types"
              value={params.type}
              options={TYPE_OPTIONS}
              onChange={(event) =>
                change({ type: event.value as TValueListParams['type'], page: 1 })
              }
            />
            <span className="values-toolbar__count" aria-live="polite">
              {values.isSuccess
                ? `${total.toLocaleString('en-US')} ${total === 1 ? 'value' : 'values'}`
                : ''}
            </span>
          </div>
          {values.isError && !values.data ? (
            <LoadError what="values" error={values.error} onRetry={() => void values.refetch()} />
          ) : (
            <ValuesTable
              page={values.data}
              params={params}
              loading={values.isPending || values.isPlaceholderData}
              canEdit={canEdit}
              onParamsChange={(next) => change(next)}
              onEdit={(value) => setDialog({ kind: 'edit', value })}
              onDelete={confirmDelete}
            />
          )}
        </>
      )}
      {dialog?.kind === 'create' ? (
        <ValueFormDialog databaseId={database.id} value={null} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditValueDialog
          databaseId={database.id}
          value={dialog.value}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'import' ? (
        <ImportDialog
          database={database}
          valueCount={filtered ? null : total}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
