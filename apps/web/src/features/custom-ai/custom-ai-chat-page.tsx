import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export function CustomAiChatPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title="Chat" />
      <EmptyState icon="pi pi-comment" title="No conversation yet">
        The chat with custom AI <code>{id}</code> will live here: ask it questions and let it run
        its linked workflows.
      </EmptyState>
    </>
  );
}

export default CustomAiChatPage;
