import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { TProject, TReqLog, TReqLogSummary } from '@flowsmith/shared';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { errorText } from '../../lib/forms';
import { usePageInRange } from '../../lib/list/use-page-in-range';
import {
  filtersOf,
  hasFilters,
  paramsToQuery,
  parseParams,
  toApiFilters,
  toApiListQuery,
  type TReqLogFilters,
  type TReqLogParams,
} from './req-log-params';
import { ReqLogDrawer } from './req-log-drawer';
import { ReqLogsChart } from './req-logs-chart';
import { ReqLogsFilterBar } from './req-logs-filter-bar';
import { ReqLogsTable } from './req-logs-table';
import { ReqLogsTotals } from './req-logs-totals';
import { myProjectsQueryOptions } from '../../lib/queries/projects';
import { reqLogPageQueryOptions, reqLogSummaryQueryOptions } from '../../lib/queries/req-logs';
import { useLiveReqLogs } from './use-live-req-logs';
import './req-logs.css';
import { LoadError, OfflineState, waitsForNetwork } from '../../components/query-state';

// Stable empty values, so memoised props do not change on every render while loading.
const NO_PROJECTS: TProject[] = [];
const NO_DAYS: TReqLogSummary['perDay'] = [];

/** Spec §2 "AI request logs": every model call of the caller's projects, filtered and live. */
function ReqLogsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseParams(searchParams);
  const filters = filtersOf(params);
  const filtered = hasFilters(filters);
  // The dates of a rolling range are worked out at each fetch, so a refetch moves with the clock.
  const list = useQuery(reqLogPageQueryOptions(params, () => toApiListQuery(params, new Date())));
  const summary = useQuery(
    reqLogSummaryQueryOptions(filters, () => toApiFilters(filters, new Date())),
  );
  const projects = useQuery(myProjectsQueryOptions());
  const projectRows = projects.data?.items ?? NO_PROJECTS;
  const projectNames = useMemo(
    () => new Map(projectRows.map((project) => [project.id, project.name])),
    [projectRows],
  );
  const projectIds = useMemo(() => projectRows.map((project) => project.id), [projectRows]);
  const freshIds = useLiveReqLogs(params, projectIds);
  const [openRow, setOpenRow] = useState<TReqLog | null>(null);

  // Functional update: a debounced text filter lands after other changes and must not undo them.
  const changeParams = (change: Partial<TReqLogParams>, replace = false) =>
    setSearchParams((current) => paramsToQuery({ ...parseParams(current), ...change }), {
      replace,
    });
  // A new filter starts again from the first page.
  const changeFilters = (change: Partial<TReqLogFilters>, replace = false) =>
    changeParams({ ...change, page: 1 }, replace);

  // A page past the end (the URL of a since-narrowed view) steps back to the last page.
  usePageInRange(list, params.page, params.pageSize, (page) => changeParams({ page }, true));
  const total = list.data?.total ?? 0;

  const hasNoCalls = list.isSuccess && !list.isPlaceholderData && total === 0 && !filtered;
  const hasNoMatches = list.isSuccess && !list.isPlaceholderData && total === 0 && filtered;

  let body;
  if (waitsForNetwork(list)) {
    body = <OfflineState what="request log entries" />;
  } else if (list.isError && !list.data) {
    body = (
      <LoadError what="the request log" error={list.error} onRetry={() => void list.refetch()} />
    );
  } else if (hasNoMatches) {
    body = (
      <EmptyState
        icon="pi pi-filter-slash"
        title="No requests match these filters"
        action={
          <Button
            label="Clear filters"
            icon="pi pi-filter-slash"
            outlined
            onClick={() =>
              changeFilters({ range: null, projectId: '', model: '', status: '', search: '' })
            }
          />
        }
      >
        Widen the date range or clear a filter. New calls that match appear here as they happen.
      </EmptyState>
    );
  } else {
    body = (
      <ReqLogsTable
        page={list.data}
        params={params}
        loading={list.isPending || list.isPlaceholderData}
        projectNames={projectNames}
        freshIds={freshIds}
        onParamsChange={(change) => changeParams(change)}
        onOpen={setOpenRow}
      />
    );
  }

  return (
    <>
      <PageHeader title="Request logs">
        <span className="req-logs-live" title="New model calls appear here as they happen">
          <span className="req-logs-live__dot" aria-hidden="true" /> Live
        </span>
      </PageHeader>
      {hasNoCalls ? (
        <EmptyState icon="pi pi-list" title="No AI requests yet">
          Run a workflow or chat with a custom AI and every model call appears here, with its
          status, latency, tokens and cost.
        </EmptyState>
      ) : (
        <div className="req-logs">
          <ReqLogsFilterBar filters={filters} projects={projectRows} onChange={changeFilters} />
          {summary.isError && !summary.data ? (
            <Message severity="warn" text={`Totals unavailable: ${errorText(summary.error)}`} />
          ) : (
            <div className="req-logs-overview">
              <ReqLogsTotals summary={summary.data} />
              <ReqLogsChart perDay={summary.data?.perDay ?? NO_DAYS} />
            </div>
          )}
          {body}
        </div>
      )}
      <ReqLogDrawer
        row={openRow}
        projectName={openRow?.projectId ? (projectNames.get(openRow.projectId) ?? null) : null}
        onClose={() => setOpenRow(null)}
      />
    </>
  );
}

export default ReqLogsPage;
