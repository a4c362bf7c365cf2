import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Paginator } from 'primereact/paginator';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tag } from 'primereact/tag';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/format/date-format';
import { errorText } from '../../../lib/forms';
import { membersQueryOptions } from '../../../lib/queries/members';
import { HISTORY_PAGE_SIZE, runHistoryQueryOptions } from '../../../lib/queries/runs';
import { historyRow } from '../core/run-history';
import { useCanvasStore } from '../state/canvas-store';
import { shownRun, toggleHistory, useRunStore } from '../state/run-store';

type TRunHistoryPanelProps = { projectId: string; onOpen: (runId: string) => void };

/** The project's runs, newest first; choosing one shows its node outputs on the canvas. */
export function RunHistoryPanel({ projectId, onOpen }: TRunHistoryPanelProps) {
  const [page, setPage] = useState(1);
  const history = useQuery(runHistoryQueryOptions(projectId, page));
  const members = useQuery(membersQueryOptions(projectId));
  const me = useCurrentUser();
  const groups = useCanvasStore((state) => state.groups);
  const shownId = useRunStore((state) => shownRun(state)?.runId ?? null);

  const rows = useMemo(() => {
    const groupNames = new Map(Object.values(groups).map((group) => [group.id, group.name]));
    const memberNames = new Map(
      (members.data?.items ?? []).map((member) => [member.userId, member.user.name]),
    );
    const context = {
      groupNames,
      memberNames,
      currentUserId: me?.id ?? null,
      formatDay: formatDate,
    };
    return (history.data?.items ?? []).map((run) => historyRow(run, context));
  }, [history.data, members.data, groups, me]);

  let body;
  if (history.isPending) {
    body = <ProgressSpinner style={{ width: '2rem', height: '2rem' }} aria-label="Loading runs" />;
  } else if (history.isError) {
    body = <p role="alert">The runs could not be loaded: {errorText(history.error)}</p>;
  } else if (!rows.length) {
    body = <p className="run-history__empty">No runs yet. Press Run to start one.</p>;
  } else {
    body = (
      <ul className="run-history__list" aria-label="Runs">
        {rows.map((row) => (
          <li key={row.id}>
            <button
              type="button"
              className={`run-history__item${row.id === shownId ? ' run-history__item--shown' : ''}`}
              aria-current={row.id === shownId ? 'true' : undefined}
              data-testid="run-history-item"
              onClick={() => onOpen(row.id)}
            >
              <span className="run-history__line">
                <Tag value={row.status} severity={row.severity} />
                <span className="run-history__target">{row.target}</span>
              </span>
              <span className="run-history__meta">
                {row.started} · {row.duration} · {row.who}
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  const total = history.data?.total ?? 0;
  return (
    <aside className="run-history" aria-label="Run history" data-testid="run-history">
      <header className="run-history__header">
        <h2>Runs</h2>
        <Button
          icon="pi pi-refresh"
          text
          rounded
          size="small"
          aria-label="Refresh runs"
          loading={history.isFetching && !history.isPending}
          onClick={() => void history.refetch()}
        />
        <Button
          icon="pi pi-times"
          text
          rounded
          size="small"
          aria-label="Close run history"
          onClick={toggleHistory}
        />
      </header>
      {body}
      {total > HISTORY_PAGE_SIZE ? (
        <Paginator
          first={(page - 1) * HISTORY_PAGE_SIZE}
          rows={HISTORY_PAGE_SIZE}
          totalRecords={total}
          template="PrevPageLink CurrentPageReport NextPageLink"
          currentPageReportTemplate="{currentPage} / {totalPages}"
          onPageChange={(event) => setPage(event.page + 1)}
        />
      ) : null}
    </aside>
  );
}
