import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { TPage, TReqLog } from '@flowsmith/shared';
import { formatDateTime } from '../../lib/format/date-format';
import { modelLabel } from '../../lib/models/model-label';
import { modelsQueryOptions } from '../../lib/queries/models';
import { formatCount, formatUsd } from '../../lib/format/number-format';
import { reqLogList, type TReqLogParams } from './req-log-params';
import { pagedTableProps } from '../../components/table/paged-table';
import { ReqLogStatusTag } from './req-log-status-tag';

type TReqLogsTableProps = {
  page: TPage<TReqLog> | undefined;
  params: TReqLogParams;
  loading: boolean;
  /** Names of the caller's projects by id. */
  projectNames: ReadonlyMap<string, string>;
  /** Rows that just arrived live, to highlight. */
  freshIds: ReadonlySet<string>;
  onParamsChange: (change: Partial<TReqLogParams>) => void;
  onOpen: (row: TReqLog) => void;
};

const NUMBER_COLUMNS = [
  { field: 'inputTokens', header: 'Tokens in', format: formatCount },
  { field: 'outputTokens', header: 'Tokens out', format: formatCount },
  { field: 'latencyMs', header: 'Latency (ms)', format: formatCount },
  { field: 'cost', header: 'Cost', format: formatUsd },
] as const;

/** A row with its project's and model's names: PrimeReact redraws a row only when its data changes. */
type TReqLogRow = TReqLog & { projectName: string | null; modelName: string };

/** Server-side paged and sorted model calls; a click on a row opens its details. */
export function ReqLogsTable({
  page,
  params,
  loading,
  projectNames,
  freshIds,
  onParamsChange,
  onOpen,
}: TReqLogsTableProps) {
  const models = useQuery(modelsQueryOptions()).data?.items;
  const rows = useMemo<TReqLogRow[]>(
    () =>
      (page?.items ?? []).map((row) => ({
        ...row,
        projectName: row.projectId ? (projectNames.get(row.projectId) ?? null) : null,
        modelName: modelLabel(row.model, { models, provider: row.provider }),
      })),
    [page, projectNames, models],
  );
  return (
    <DataTable
      value={rows}
      dataKey="id"
      {...pagedTableProps(reqLogList, params, page?.total ?? 0, onParamsChange)}
      loading={loading}
      onRowClick={(event) => onOpen(event.data as TReqLog)}
      rowClassName={(row: TReqLog) => ({
        'req-logs-table__row': true,
        'req-logs-table__row--fresh': freshIds.has(row.id),
      })}
      emptyMessage="No requests on this page."
      size="small"
      className="req-logs-table surface-card"
      pt={{ table: { 'aria-label': 'AI requests' } }}
    >
      <Column
        field="createdAt"
        header="Time"
        sortable
        body={(row: TReqLog) => (
          <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
        )}
      />
      <Column
        header="Project"
        body={(row: TReqLogRow) =>
          row.projectId ? (
            (row.projectName ?? '—')
          ) : (
            <span className="req-logs-muted">No project</span>
          )
        }
      />
      <Column
        field="model"
        header="Model"
        sortable
        bodyClassName="req-logs-table__model"
        body={(row: TReqLogRow) => row.modelName}
      />
      <Column header="Status" body={(row: TReqLog) => <ReqLogStatusTag status={row.status} />} />
      {NUMBER_COLUMNS.map(({ field, header, format }) => (
        <Column
          key={field}
          field={field}
          header={header}
          sortable
          align="right"
          body={(row: TReqLog) => (
            <span className="req-logs-table__number">{format(row[field])}</span>
          )}
        />
      ))}
      <Column
        header={<span className="sr-only">Details</span>}
        bodyClassName="req-logs-table__open"
        body={(row: TReqLog) => (
          <Button
            type="button"
            icon="pi pi-angle-right"
            rounded
            text
            aria-label="Open details"
            data-pr-tooltip="Details"
            onClick={(event) => {
              // The row's own click opens it too; one open is enough.
              event.stopPropagation();
              onOpen(row);
            }}
          />
        )}
      />
    </DataTable>
  );
}
