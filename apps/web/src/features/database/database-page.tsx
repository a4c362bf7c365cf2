import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export function DatabasePage() {
  return (
    <>
      <PageHeader title="Database" />
      <EmptyState icon="pi pi-database" title="No databases yet">
        Databases of typed values that your workflows read and write appear here, with forms to add
        values and import CSV or JSON.
      </EmptyState>
    </>
  );
}

export default DatabasePage;
