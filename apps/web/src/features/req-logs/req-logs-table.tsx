import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import type { TPage, TReqLog } from '@flowsmith/shared';
import { formatDateTime } from '../../lib/format/date-format';
import { modelLabel } from '../../lib/models/model-label';
import { modelsQueryOptions } from '../../lib/queries/models';
import { formatCount, formatUsd } from '../../lib/format/number-format';
import { reqLogList, type TReqLogParams } from './req-log-params';
import { pagedTableProps } from '../../components/table/paged-table';
import { ReqLogStatusTag } from './req-log-status-tag';
import { attemptLabel, groupByCall, type TReqLogCall } from './call-groups';

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

/** A call with its project's and model's names: PrimeReact redraws a row only when its data changes. */
type TReqLogRow = TReqLogCall & { projectName: string | null; modelName: string };

/** The attempts of a retried call, under its row; each opens its own details. */
function CallAttempts({ call, onOpen }: { call: TReqLogCall; onOpen: (row: TReqLog) => void }) {
  return (
    <ol className="req-logs-attempts" aria-label="Attempts of this call">
      {call.attempts.map((attempt) => (
        <li key={attempt.id}>
          <button type="button" className="req-logs-attempt" onClick={() => onOpen(attempt)}>
            <span>{attemptLabel(attempt, call)}</span>
            <ReqLogStatusTag status={attempt.status} />
            <time dateTime={attempt.createdAt}>{formatDateTime(attempt.createdAt)}</time>
            <span className="req-logs-table__number">{formatCount(attempt.latencyMs)} ms</span>
            {attempt.error ? <span className="req-logs-muted">{attempt.error}</span> : null}
          </button>
        </li>
      ))}
    </ol>
  );
}

/** A call's outcome, and which attempt it was when it was retried. */
function CallStatus({
  call,
  expanded,
  onToggle,
}: {
  call: TReqLogCall;
  expanded: boolean;
  onToggle: () => void;
}) {
  const label = attemptLabel(call, call);
  return (
    <span className="req-logs-status">
      <ReqLogStatusTag status={call.status} />
      {call.attempts.length > 1 ? (
        <Button
          type="button"
          label={label}
          icon={expanded ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
          link
          size="small"
          aria-expanded={expanded}
          onClick={(event) => {
            // Showing the attempts is not opening the call.
            event.stopPropagation();
            onToggle();
          }}
        />
      ) : call.attempt > 1 ? (
        <span className="req-logs-muted">{label}</span>
      ) : null}
    </span>
  );
}

/**
 * Server-side paged and sorted model calls, a retried call once with its attempts under it; a
 * click on a row opens its details.
 */
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
  const [expanded, setExpanded] = useState<DataTableExpandedRows>({});
  const toggle = (callId: string) =>
    setExpanded(({ [callId]: open, ...others }) => (open ? others : { ...others, [callId]: true }));
  const rows = useMemo<TReqLogRow[]>(
    () =>
      groupByCall(page?.items ?? []).map((row) => ({
        ...row,
        projectName: row.projectId ? (projectNames.get(row.projectId) ?? null) : null,
        modelName: modelLabel(row.model, { models, provider: row.provider }),
      })),
    [page, projectNames, models],
  );
  return (
    <DataTable
      value={rows}
      dataKey="callId"
      {...pagedTableProps(reqLogList, params, page?.total ?? 0, onParamsChange)}
      loading={loading}
      expandedRows={expanded}
      rowExpansionTemplate={(row: TReqLogRow) => <CallAttempts call={row} onOpen={onOpen} />}
      onRowClick={(event) => onOpen(event.data as TReqLog)}
      rowClassName={(row: TReqLogRow) => ({
        'req-logs-table__row': true,
        'req-logs-table__row--fresh': row.attempts.some((attempt) => freshIds.has(attempt.id)),
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
      <Column
        header="Status"
        body={(row: TReqLogRow) => (
          <CallStatus
            call={row}
            expanded={Boolean(expanded[row.callId])}
            onToggle={() => toggle(row.callId)}
          />
        )}
      />
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
