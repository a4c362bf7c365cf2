import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ProjectScreen } from '../../components/project-screen';
import { useCurrentProject } from '../../lib/current-project';
import { graphQueryOptions } from '../../lib/queries/canvas';
import { catalogQueryOptions } from '../../lib/queries/catalog';
import { myProjectsQueryOptions } from '../../lib/queries/projects';
import { CanvasWorkspace } from './canvas-workspace';
import '@xyflow/react/dist/style.css';
import './constructor.css';

/** `/constructor?projectId=…`: the canvas of the current project, switched in the header. */
function ConstructorPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const projects = useQuery(myProjectsQueryOptions());
  const project = useCurrentProject(projects.data?.items ?? [], { orFirst: false });
  const projectId = searchParams.get('projectId') ?? project?.id ?? null;
  // Fetched alongside the project list rather than after it: the canvas opens sooner.
  useQuery({ ...catalogQueryOptions(), enabled: Boolean(projectId) });
  useQuery({ ...graphQueryOptions(projectId ?? ''), enabled: Boolean(projectId) });

  return (
    <div className="constructor">
      <ProjectScreen
        title="Constructor"
        projects={projects}
        project={project}
        onPickProject={(id) => setSearchParams({ projectId: id })}
        picker={{ inputId: 'constructor-project', className: 'project-picker' }}
        icon="pi pi-sitemap"
        needsProject="A workflow lives in a project. Create one, then come back to build its workflow here."
        noProject={
          <EmptyState
            icon="pi pi-sitemap"
            title={projectId ? 'Project not found' : 'No workflow open'}
          >
            {projectId
              ? 'This project does not exist or is not shared with you. Choose another one above.'
              : 'Choose a project above to build its workflow: place nodes, connect them and configure them.'}
          </EmptyState>
        }
      >
        {(current) => <CanvasWorkspace key={`${current.id}:${current.role}`} project={current} />}
      </ProjectScreen>
    </div>
  );
}

export default ConstructorPage;
