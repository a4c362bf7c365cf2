import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export function ConstructorPage() {
  return (
    <>
      <PageHeader title="Constructor" />
      <EmptyState icon="pi pi-sitemap" title="No workflow open">
        Open a project to build its workflow here: place nodes on the canvas, connect them and run
        them.
      </EmptyState>
    </>
  );
}

export default ConstructorPage;
