import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { appRoutes, type TConversation } from '@flowsmith/shared';
import { EmptyState } from '../../components/empty-state';
import { useToast } from '../../components/toast';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/forms';
import { ChatHeader } from './chat-header';
import { ChatPanel } from './chat-panel';
import { ConversationList } from './conversation-list';
import { CustomAiFormDialog } from './custom-ai-form-dialog';
import { useCreateConversation } from './custom-ai.mutations';
import { workflowsQueryOptions } from '../../lib/queries/workflows';
import {
  aiLinksQueryOptions,
  conversationsQueryOptions,
  customAiQueryOptions,
} from '../../lib/queries/custom-ais';
import { modelsQueryOptions } from '../../lib/queries/models';
import { projectQueryOptions } from '../../lib/queries/projects';
import { modelLabel } from '../../lib/models/model-label';
import './custom-ai.css';
import './chat-layout.css';
import './chat-thread.css';
import './chat-markdown.css';
import { LoadingBlock } from '../../components/query-state';

/** `/custom-ai/:id`: conversations on the left, the selected one (`?conversationId=`) beside. */
function CustomAiChatPage() {
  const { id = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const conversationId = searchParams.get('conversationId');
  const toast = useToast();
  const customAi = useQuery(customAiQueryOptions(id));
  const projectId = customAi.data?.projectId ?? '';
  const project = useQuery({ ...projectQueryOptions(projectId), enabled: Boolean(projectId) });
  const models = useQuery(modelsQueryOptions());
  const conversations = useQuery(conversationsQueryOptions(id));
  const links = useQuery(aiLinksQueryOptions(id));
  const workflows = useQuery({ ...workflowsQueryOptions(projectId), enabled: Boolean(projectId) });
  const create = useCreateConversation();
  const [editing, setEditing] = useState(false);
  // The text that started a conversation, handed to its thread once the conversation exists.
  const [firstMessage, setFirstMessage] = useState<{ conversationId: string; text: string }>();

  // Stable, so the thread's send-once effect does not run again on every render.
  const clearFirstMessage = useCallback(() => setFirstMessage(undefined), []);

  // Names of the linked workflows, to title the assistant's tool calls.
  const workflowNames = useMemo(() => {
    const linked = new Set(links.data?.items.map((link) => link.nodeGroupId));
    return (workflows.data ?? [])
      .filter((group) => linked.has(group.id))
      .map((group) => group.name);
  }, [links.data, workflows.data]);

  const select = (conversation: TConversation | null) =>
    setSearchParams(conversation ? { conversationId: conversation.id } : {});
  const createConversation = (text?: string) =>
    create.mutate(id, {
      onSuccess: (conversation) => {
        if (text) setFirstMessage({ conversationId: conversation.id, text });
        select(conversation);
      },
      onError: (error) =>
        toast.show({
          severity: 'error',
          summary: 'Could not start a conversation',
          detail: errorText(error),
        }),
    });

  if (customAi.isPending) {
    return <LoadingBlock label="Loading the custom AI" />;
  }
  if (customAi.isError) {
    const gone = isApiError(customAi.error) && customAi.error.status === 404;
    return gone ? (
      <EmptyState
        icon="pi pi-comments"
        title="Custom AI not found"
        action={
          <Link to={appRoutes.customAis} className="p-button p-component">
            All custom AIs
          </Link>
        }
      >
        It was deleted, or it belongs to a project you are not a member of.
      </EmptyState>
    ) : (
      <Message
        severity="error"
        text={`Could not load the custom AI: ${errorText(customAi.error)}`}
      />
    );
  }

  // The caller's role decides between the message box and the viewers' notice.
  if (project.isPending) {
    return <LoadingBlock label="Loading the project" />;
  }
  if (project.isError) {
    return (
      <Message severity="error" text={`Could not load the project: ${errorText(project.error)}`} />
    );
  }
  const canChat = project.data.role !== 'viewer';
  return (
    <div className="chat-page">
      <ChatHeader
        customAi={customAi.data}
        modelLabel={modelLabel(customAi.data.model, { models: models.data?.items })}
        onEdit={canChat ? () => setEditing(true) : undefined}
      />
      <div className="chat-page__body">
        <ConversationList
          conversations={conversations.data?.items}
          loading={conversations.isPending}
          error={conversations.error}
          selectedId={conversationId}
          canChat={canChat}
          creating={create.isPending}
          onNew={() => createConversation()}
          onSelect={select}
          onDeleted={(conversation) => {
            if (conversation.id === conversationId) select(null);
          }}
        />
        <section className="chat-page__main surface-card" aria-label="Conversation">
          <ChatPanel
            customAiId={id}
            projectId={projectId}
            conversationId={conversationId}
            canChat={canChat}
            workflowNames={workflowNames}
            firstMessage={
              firstMessage?.conversationId === conversationId ? firstMessage.text : undefined
            }
            onFirstMessageSent={clearFirstMessage}
            onStart={(text) => createConversation(text)}
            starting={create.isPending}
            onNewConversation={() => select(null)}
          />
        </section>
      </div>
      {editing ? (
        <CustomAiFormDialog
          projectId={projectId}
          customAi={customAi.data}
          onClose={() => setEditing(false)}
        />
      ) : null}
      <ConfirmDialog className="confirm-dialog" />
    </div>
  );
}

export default CustomAiChatPage;
