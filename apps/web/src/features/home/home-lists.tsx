import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'primereact/tag';
import { appRoutes, type THomeSummary } from '@flowsmith/shared';
import { formatDateTime } from '../../lib/format/date-format';
import { formatDuration, statusSeverity } from '../../lib/format/run-format';
import { modelLabel } from '../../lib/models/model-label';
import { constructorUrl } from '../../lib/project-links';
import { modelsQueryOptions } from '../../lib/queries/models';

type THomeListProps = {
  id: string;
  title: string;
  empty: string;
  more?: { to: string; label: string };
  children: ReactNode[];
};

/** A card with a short list, or a line saying why it is empty. */
function HomeList({ id, title, empty, more, children }: THomeListProps) {
  return (
    <section className="home-card surface-card" aria-labelledby={id}>
      <header className="home-card__header">
        <h2 id={id}>{title}</h2>
        {more ? (
          <Link to={more.to} className="home-card__more">
            {more.label}
          </Link>
        ) : null}
      </header>
      {children.length ? (
        <ul className="home-list">{children}</ul>
      ) : (
        <p className="home-card__empty">{empty}</p>
      )}
    </section>
  );
}

export function RecentProjects({ projects }: { projects: THomeSummary['recentProjects'] }) {
  return (
    <HomeList
      id="recent-projects-title"
      title="Recent projects"
      empty="No projects yet: start from a template above."
      more={{ to: appRoutes.projects, label: 'All projects' }}
    >
      {projects.map((project) => (
        <li key={project.id}>
          <Link
            to={constructorUrl(project.id)}
            className="home-list__main"
            data-testid="recent-project"
          >
            <i className="pi pi-sitemap" aria-hidden="true" /> {project.name}
          </Link>
          <span className="home-list__meta">{project.role}</span>
        </li>
      ))}
    </HomeList>
  );
}

const runUrl = (run: THomeSummary['recentRuns'][number]) =>
  `${constructorUrl(run.projectId)}&runId=${encodeURIComponent(run.id)}`;

export function RecentRuns({ runs }: { runs: THomeSummary['recentRuns'] }) {
  return (
    <HomeList
      id="recent-runs-title"
      title="Recent runs"
      empty="No runs yet: open a canvas and press Run."
    >
      {runs.map((run) => (
        <li key={run.id} data-testid="recent-run">
          <Tag value={run.status} severity={statusSeverity(run.status)} />
          <Link to={runUrl(run)} className="home-list__main">
            {run.projectName}
          </Link>
          <span className="home-list__meta">
            {run.durationMs === null ? 'not started' : formatDuration(run.durationMs)} ·{' '}
            {formatDateTime(run.createdAt)}
          </span>
        </li>
      ))}
    </HomeList>
  );
}

export function FailedCalls({ calls }: { calls: THomeSummary['failedCalls'] }) {
  const models = useQuery(modelsQueryOptions()).data?.items;
  return (
    <HomeList
      id="failed-calls-title"
      title="Recent failed model calls"
      empty="No failed model calls."
      more={{ to: `${appRoutes.reqLogs}?status=failed`, label: 'Request log' }}
    >
      {calls.map((call) => (
        <li key={call.id} data-testid="failed-call">
          <span className="home-list__main">
            {modelLabel(call.model, { models, provider: call.provider })}
            {call.projectName ? <small> in {call.projectName}</small> : null}
          </span>
          <span className="home-list__meta">{formatDateTime(call.createdAt)}</span>
          {call.error ? <p className="home-list__error">{call.error}</p> : null}
        </li>
      ))}
    </HomeList>
  );
}
