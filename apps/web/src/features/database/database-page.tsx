import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { appRoutes } from '@flowsmith/shared';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { DatabaseWorkspace } from './database-workspace';
import {
  parseScreenParams,
  screenParamsToQuery,
  withTarget,
  type TChangeParams,
} from './database-params';
import { myProjectsQueryOptions } from '../../lib/queries/projects';
import './database.css';
import { LoadError, LoadingBlock } from '../../components/query-state';

/** `/database`: pick a project, then one of its databases, then browse, edit and import values. */
export function DatabasePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseScreenParams(searchParams);
  const projects = useQuery(myProjectsQueryOptions());

  // Functional update: a debounced search lands after other changes and must not undo them.
  const changeParams: TChangeParams = (change, replace = false) =>
    setSearchParams((current) => screenParamsToQuery(change(parseScreenParams(current))), {
      replace,
    });

  const list = projects.data?.items ?? [];
  // Without a choice in the URL the first project is shown; the URL changes only when the user
  // picks, so opening /database adds no history entry.
  const project = list.find((item) => item.id === params.projectId) ?? list[0] ?? null;

  const picker = list.length ? (
    <Dropdown
      inputId="database-project"
      className="database-project-picker"
      value={project?.id ?? null}
      options={list}
      optionLabel="name"
      optionValue="id"
      placeholder="Choose a project"
      aria-label="Project"
      filter={list.length > 8}
      onChange={(event) =>
        changeParams((current) =>
          withTarget(current, { projectId: event.value as string, databaseId: null }),
        )
      }
    />
  ) : null;

  return (
    <div className="database-page">
      <PageHeader title="Database">{picker}</PageHeader>
      {projects.isPending ? (
        <LoadingBlock label="Loading projects" />
      ) : projects.isError ? (
        <LoadError what="projects" error={projects.error} onRetry={() => void projects.refetch()} />
      ) : !project ? (
        <EmptyState
          icon="pi pi-database"
          title="No projects yet"
          action={
            <Link to={appRoutes.projects} className="p-button p-component database-link-button">
              Go to projects
            </Link>
          }
        >
          Databases belong to a project: the workflows on its canvas read and write them. Create a
          project first, or ask a teammate to add you to theirs.
        </EmptyState>
      ) : (
        <DatabaseWorkspace
          key={project.id}
          project={project}
          params={params}
          onParamsChange={changeParams}
        />
      )}
      <ConfirmDialog className="confirm-dialog" />
    </div>
  );
}

export default DatabasePage;
