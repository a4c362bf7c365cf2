import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

function DocumentationPage() {
  return (
    <>
      <PageHeader title="Documentation" />
      <EmptyState icon="pi pi-book" title="Documentation is on its way">
        Guides to the canvas, the node kinds, custom AIs and the API will live here.
      </EmptyState>
    </>
  );
}

export default DocumentationPage;
