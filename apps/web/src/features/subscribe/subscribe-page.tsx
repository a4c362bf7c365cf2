import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

function SubscribePage() {
  return (
    <>
      <PageHeader title="Subscribe" />
      <EmptyState icon="pi pi-credit-card" title="No plans available yet">
        Subscription plans and their quotas are listed here, with a form to buy seats monthly or
        yearly.
      </EmptyState>
    </>
  );
}

export default SubscribePage;
