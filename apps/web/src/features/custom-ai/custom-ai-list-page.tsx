import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export function CustomAiListPage() {
  return (
    <>
      <PageHeader title="Custom AI" />
      <EmptyState icon="pi pi-comments" title="No custom AIs yet">
        Custom AI assistants you set up — a model, a system prompt and linked workflows — appear
        here, ready to chat with.
      </EmptyState>
    </>
  );
}

export default CustomAiListPage;
