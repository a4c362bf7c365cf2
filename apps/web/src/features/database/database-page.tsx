import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from 'primereact/confirmdialog';
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

  const project = useCurrentProject(projects.data?.items ?? [], { orFirst: true });

  return (
    <div className="database-page">
      <ProjectScreen
        title="Database"
        projects={projects}
        project={project}
        onPickProject={(projectId) =>
          changeParams((current) => withTarget(current, { projectId, databaseId: null }))
        }
        picker={{ inputId: 'database-project', className: 'database-project-picker' }}
        icon="pi pi-database"
        needsProject="Databases belong to a project: the workflows on its canvas read and write them. Create a project first, or ask a teammate to add you to theirs."
      >
        {(current) => (
          <DatabaseWorkspace
            key={current.id}
            project={current}
            params={params}
            onParamsChange={changeParams}
          />
        )}
      </ProjectScreen>
      <ConfirmDialog className="confirm-dialog" />
    </div>
  );
}

export default DatabasePage;
