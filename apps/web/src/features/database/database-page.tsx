import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { PageHeader } from '../../components/page-header';
import { ProjectPicker } from '../../components/project-picker';
import { ProjectScreen } from '../../components/project-screen';
import { DatabaseWorkspace } from './database-workspace';
import {
  parseScreenParams,
  screenParamsToQuery,
  withTarget,
  type TChangeParams,
} from './database-params';
import { useCurrentProject } from '../../lib/current-project';
import { myProjectsQueryOptions } from '../../lib/queries/projects';
import './database.css';

/** `/database`: pick a project, then one of its databases, then browse, edit and import values. */
function DatabasePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseScreenParams(searchParams);
  const projects = useQuery(myProjectsQueryOptions());

  // Functional update: a debounced search lands after other changes and must not undo them.
  const changeParams: TChangeParams = (change, replace = false) =>
    setSearchParams((current) => screenParamsToQuery(change(parseScreenParams(current))), {
      replace,
    });

  const list = projects.data?.items ?? [];
  const project = useCurrentProject(list, { orFirst: true });

  return (
    <div className="database-page">
      <PageHeader title="Database">
        <ProjectPicker
          inputId="database-project"
          className="database-project-picker"
          projects={list}
          value={project?.id ?? null}
          onChange={(projectId) =>
            changeParams((current) => withTarget(current, { projectId, databaseId: null }))
          }
        />
      </PageHeader>
      <ProjectScreen
        projects={projects}
        icon="pi pi-database"
        needsProject="Databases belong to a project: the workflows on its canvas read and write them. Create a project first, or ask a teammate to add you to theirs."
      >
        {() =>
          project ? (
            <DatabaseWorkspace
              key={project.id}
              project={project}
              params={params}
              onParamsChange={changeParams}
            />
          ) : null
        }
      </ProjectScreen>
      <ConfirmDialog className="confirm-dialog" />
    </div>
  );
}

export default DatabasePage;
