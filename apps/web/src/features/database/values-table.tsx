import { useState } from 'react';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import type { TDatabaseValue, TPage } from '@flowsmith/shared';
import { formatDateTime } from '../../lib/format/date-format';
import { valueList, type TValueListParams } from './database-params';
import { pagedTableProps } from '../../components/table/paged-table';
import { ExpandedValue } from './expanded-value';
import { cellText, hasMoreToShow } from './value-conversions';
import { ValueTypeTag } from './value-type-tag';
import { EditButton, DeleteButton } from '../../components/icon-button';

type TValuesTableProps = {
  page: TPage<TDatabaseValue> | undefined;
  params: TValueListParams;
  loading: boolean;
  canEdit: boolean;
  onParamsChange: (change: Partial<TValueListParams>) => void;
  onEdit: (value: TDatabaseValue) => void;
  onDelete: (value: TDatabaseValue) => void;
};

/** A tooltip holds a screenful at most; the expanded row has the rest. */
const TOOLTIP_CHARS = 600;

function ValueCell({ value }: { value: TDatabaseValue }) {
  const text = cellText(value.value, value.type);
  const cut = value.truncated || hasMoreToShow(value.value, value.type);
  return (
    <span
      className={`value-cell${value.type === 'json' ? ' value-cell--code' : ''}`}
      title={cut ? value.value.slice(0, TOOLTIP_CHARS) : undefined}
    >
      {text || <span className="value-cell__empty">(empty)</span>}
    </span>
  );
}

/** Server-paged, sorted and filtered values; long values open in place, JSON pretty-printed. */
export function ValuesTable({
  page,
  params,
  loading,
  canEdit,
  onParamsChange,
  ...actions
}: TValuesTableProps) {
  const [expanded, setExpanded] = useState<DataTableExpandedRows>({});
  return (
    <DataTable
      value={page?.items ?? []}
      dataKey="id"
      selectionAriaLabel="key"
      size="small"
      {...pagedTableProps(valueList, params, page?.total ?? 0, onParamsChange)}
      loading={loading}
      expandedRows={expanded}
      onRowToggle={(event) => setExpanded(event.data as DataTableExpandedRows)}
      rowExpansionTemplate={(value: TDatabaseValue) => <ExpandedValue value={value} />}
      emptyMessage={
        params.search || params.type
          ? 'No values match the search and type.'
          : 'No values on this page.'
      }
      className="values-table surface-card"
      pt={{ table: { 'aria-label': 'Values' } }}
    >
      <Column
        expander={(value: TDatabaseValue) =>
          value.truncated || hasMoreToShow(value.value, value.type)
        }
        headerClassName="values-table__expander"
        bodyClassName="values-table__expander"
      />
      <Column
        field="key"
        header="Key"
        sortable
        headerClassName="values-table__key"
        bodyClassName="values-table__key"
      />
      <Column header="Value" body={(value: TDatabaseValue) => <ValueCell value={value} />} />
      <Column
        field="type"
        header="Type"
        sortable
        headerClassName="values-table__type"
        body={(value: TDatabaseValue) => <ValueTypeTag type={value.type} />}
      />
      <Column
        field="updatedAt"
        header="Updated"
        sortable
        headerClassName="values-table__updated"
        body={(value: TDatabaseValue) => (
          <time dateTime={value.updatedAt} className="values-table__date">
            {formatDateTime(value.updatedAt)}
          </time>
        )}
      />
      {canEdit ? (
        <Column
          header="Actions"
          headerClassName="values-table__actions"
          bodyClassName="values-table__actions"
          body={(value: TDatabaseValue) => (
            <div className="value-actions">
              <EditButton name={value.key} onClick={() => actions.onEdit(value)} />
              <DeleteButton name={value.key} onClick={() => actions.onDelete(value)} />
            </div>
          )}
        />
      ) : null}
    </DataTable>
  );
}
