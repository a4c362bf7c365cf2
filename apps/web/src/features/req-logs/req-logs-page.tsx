import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export function ReqLogsPage() {
  return (
    <>
      <PageHeader title="Request logs" />
      <EmptyState icon="pi pi-list" title="No AI requests yet">
        Every model call your workflows and assistants make is logged here, with its status,
        latency, tokens and cost.
      </EmptyState>
    </>
  );
}

export default ReqLogsPage;
