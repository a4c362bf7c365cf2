import type { UIMessage } from 'ai';
import type {
  TConversation,
  TCustomAi,
  TCustomAiCreate,
  TCustomAiToNodeGroup,
  TModelInfo,
  TNode,
  TNodeGroup,
  TProject,
} from '@flowsmith/shared';
import { apiBaseUrl, apiRequest, createResourceApi } from '../../lib/api';

type TCustomAiUpdate = Partial<Omit<TCustomAiCreate, 'projectId'>>;

export const customAisApi = createResourceApi<TCustomAi, TCustomAiCreate, TCustomAiUpdate>(
  'custom_ais',
);

export const customAiLinksApi = createResourceApi<
  TCustomAiToNodeGroup,
  { customAiId: string; nodeGroupId: string }
>('custom_ai_to_node_groups');

export const conversationsApi = createResourceApi<
  TConversation,
  { customAiId: string; title?: string },
  { title: string }
>('conversations');

/** Read-only here: the project picker, the caller's role, and the workflows a custom AI may run. */
export const projectsApi = createResourceApi<TProject>('projects');
export const nodeGroupsApi = createResourceApi<TNodeGroup>('node_groups');
export const nodesApi = createResourceApi<TNode>('nodes');

type TCallOptions = { signal?: AbortSignal };

export function listModels(options: TCallOptions = {}) {
  return apiRequest<{ items: TModelInfo[] }>('/api/models', options);
}

/** A conversation's stored messages, already in the AI SDK's UI message shape. */
export function listMessages(conversationId: string, options: TCallOptions = {}) {
  return apiRequest<{ items: UIMessage[] }>(
    `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
    options,
  );
}

/** The streaming endpoint `useChat`'s transport posts to. */
export function chatEndpoint(customAiId: string): string {
  return `${apiBaseUrl()}/api/custom_ais/${encodeURIComponent(customAiId)}/chat`;
}
