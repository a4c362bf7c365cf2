import { queryOptions } from '@tanstack/react-query';
import type { UIMessage } from 'ai';
import {
  type TConversation,
  type TCustomAi,
  type TCustomAiCreate,
  type TCustomAiToNodeGroup,
} from '@flowsmith/shared';
import { apiBaseUrl, apiRequest, createResourceApi } from '../api';

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

/** The streaming endpoint `useChat`'s transport posts to. */
export function chatEndpoint(customAiId: string): string {
  return `${apiBaseUrl()}/api/custom_ais/${encodeURIComponent(customAiId)}/chat`;
}

/** Query keys of custom AIs, their workflow links and their conversations. */
export const customAiKeys = {
  all: ['custom-ais'] as const,
  lists: () => [...customAiKeys.all, 'list'] as const,
  list: (projectId: string, search: string) =>
    [...customAiKeys.lists(), projectId, search] as const,
  details: () => [...customAiKeys.all, 'detail'] as const,
  detail: (id: string) => [...customAiKeys.details(), id] as const,
  links: () => [...customAiKeys.all, 'links'] as const,
  projectLinks: (projectId: string) => [...customAiKeys.links(), 'project', projectId] as const,
  aiLinks: (customAiId: string) => [...customAiKeys.links(), 'ai', customAiId] as const,
  conversations: (customAiId: string) =>
    [...customAiKeys.all, 'conversations', customAiId] as const,
  messages: (conversationId: string) => [...customAiKeys.all, 'messages', conversationId] as const,
};

/** A project's custom AIs by name, optionally searched; a project has far fewer than the limit. */
export const customAiListQueryOptions = (projectId: string, search = '') =>
  queryOptions({
    queryKey: customAiKeys.list(projectId, search),
    queryFn: ({ signal }) =>
      customAisApi.listAll({ projectId, search: search || undefined, sort: 'name' }, { signal }),
    // Typing a search keeps the cards on screen instead of flashing the empty grid.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === projectId ? previous : undefined,
  });

export const customAiQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customAiKeys.detail(id),
    queryFn: ({ signal }) => customAisApi.get(id, { signal }),
  });

/** Every link of a project at once: the cards show a count each without a request per card. */
export const projectLinksQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: customAiKeys.projectLinks(projectId),
    queryFn: ({ signal }) => customAiLinksApi.listAll({ projectId }, { signal }),
  });

export const aiLinksQueryOptions = (customAiId: string) =>
  queryOptions({
    queryKey: customAiKeys.aiLinks(customAiId),
    queryFn: ({ signal }) => customAiLinksApi.listAll({ customAiId }, { signal }),
  });

export const conversationsQueryOptions = (customAiId: string) =>
  queryOptions({
    queryKey: customAiKeys.conversations(customAiId),
    queryFn: ({ signal }) =>
      conversationsApi.list({ customAiId, sort: '-updatedAt', pageSize: 100 }, { signal }),
  });

/**
 * A conversation's history, read when its thread opens: `useChat` owns the messages from then on,
 * so nothing refetches under a streaming reply. Dropped as soon as the thread closes, so opening
 * the conversation again reads what the server stored meanwhile.
 */
export const messagesQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: customAiKeys.messages(conversationId),
    queryFn: ({ signal }) =>
      apiRequest<{ items: UIMessage[] }>(
        `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
        { signal },
      ),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
