import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export function ProjectsPage() {
  return (
    <>
      <PageHeader title="Projects" />
      <EmptyState icon="pi pi-folder" title="No projects yet">
        Projects you create or are invited to appear here, with their members and canvases.
      </EmptyState>
    </>
  );
}

export default ProjectsPage;
