import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ProgressSpinner } from 'primereact/progressspinner';
import { appRoutes } from '@flowsmith/shared';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { errorText } from '../../lib/forms';
import { graphQueryOptions } from '../../lib/queries/canvas';
import { catalogQueryOptions } from '../../lib/queries/catalog';
import { myProjectsQueryOptions } from '../../lib/queries/projects';
import { CanvasWorkspace } from './canvas-workspace';
import { ProjectPicker } from './toolbar/project-picker';
import '@xyflow/react/dist/style.css';
import './constructor.css';

/** `/constructor?projectId=…`: the canvas of one project, chosen in the header. */
export function ConstructorPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const projectId = searchParams.get('projectId');
  const projects = useQuery(myProjectsQueryOptions());
  const items = projects.data?.items ?? [];
  const project = items.find((item) => item.id === projectId);
  // Fetched alongside the project list rather than after it: the canvas opens sooner.
  useQuery({ ...catalogQueryOptions(), enabled: Boolean(projectId) });
  useQuery({ ...graphQueryOptions(projectId ?? ''), enabled: Boolean(projectId) });

  let body;
  if (projects.isPending) {
    body = (
      <ProgressSpinner
        style={{ width: '2.5rem', height: '2.5rem' }}
        aria-label="Loading projects"
      />
    );
  } else if (projects.isError) {
    body = <p role="alert">The projects could not be loaded: {errorText(projects.error)}</p>;
  } else if (!items.length) {
    body = (
      <EmptyState
        icon="pi pi-sitemap"
        title="No project yet"
        action={
          <Link className="p-button" to={appRoutes.projects}>
            Create a project
          </Link>
        }
      >
        A workflow lives in a project. Create one, then come back to build its workflow here.
      </EmptyState>
    );
  } else if (!project) {
    body = (
      <EmptyState icon="pi pi-sitemap" title={projectId ? 'Project not found' : 'No workflow open'}>
        {projectId
          ? 'This project does not exist or is not shared with you. Choose another one above.'
          : 'Choose a project above to build its workflow: place nodes, connect them and configure them.'}
      </EmptyState>
    );
  } else {
    body = <CanvasWorkspace key={`${project.id}:${project.role}`} project={project} />;
  }

  return (
    <div className="constructor">
      <PageHeader title="Constructor">
        {items.length ? (
          <ProjectPicker
            projects={items}
            value={project?.id ?? null}
            onChange={(id) => setSearchParams({ projectId: id })}
          />
        ) : null}
      </PageHeader>
      {body}
    </div>
  );
}

export default ConstructorPage;
