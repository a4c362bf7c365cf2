import { queryOptions } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, runnableGroupKinds } from '@flowsmith/shared';
import {
  conversationsApi,
  customAiLinksApi,
  customAisApi,
  listMessages,
  listModels,
  nodeGroupsApi,
  nodesApi,
  projectsApi,
} from './custom-ai-api';
import { runnableGroups } from './workflow-links';

/** Query keys of the custom AI area; one factory so invalidation never misses a spelling. */
export const customAiKeys = {
  all: ['custom-ai'] as const,
  projects: () => [...customAiKeys.all, 'projects'] as const,
  project: (projectId: string) => [...customAiKeys.projects(), projectId] as const,
  models: () => [...customAiKeys.all, 'models'] as const,
  lists: () => [...customAiKeys.all, 'list'] as const,
  list: (projectId: string, search: string) =>
    [...customAiKeys.lists(), projectId, search] as const,
  details: () => [...customAiKeys.all, 'detail'] as const,
  detail: (id: string) => [...customAiKeys.details(), id] as const,
  links: () => [...customAiKeys.all, 'links'] as const,
  projectLinks: (projectId: string) => [...customAiKeys.links(), 'project', projectId] as const,
  aiLinks: (customAiId: string) => [...customAiKeys.links(), 'ai', customAiId] as const,
  workflows: (projectId: string) => [...customAiKeys.all, 'workflows', projectId] as const,
  conversations: (customAiId: string) =>
    [...customAiKeys.all, 'conversations', customAiId] as const,
  messages: (conversationId: string) => [...customAiKeys.all, 'messages', conversationId] as const,
};

/** The caller's projects (with their role) for the picker: far fewer than the page limit. */
export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: customAiKeys.projects(),
    queryFn: ({ signal }) =>
      projectsApi.list({ pageSize: MAX_PAGE_SIZE, sort: 'name' }, { signal }),
  });

/** One project, for the caller's role in it: viewers read, editors and owners chat and edit. */
export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: customAiKeys.project(projectId),
    queryFn: ({ signal }) => projectsApi.get(projectId, { signal }),
  });

export const modelsQueryOptions = () =>
  queryOptions({
    queryKey: customAiKeys.models(),
    queryFn: ({ signal }) => listModels({ signal }),
    // The model list changes only when someone edits provider settings.
    staleTime: 5 * 60_000,
  });

export const customAiListQueryOptions = (projectId: string, search: string) =>
  queryOptions({
    queryKey: customAiKeys.list(projectId, search),
    queryFn: ({ signal }) =>
      customAisApi.list(
        { projectId, search: search || undefined, sort: 'name', pageSize: MAX_PAGE_SIZE },
        { signal },
      ),
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
    queryFn: ({ signal }) =>
      customAiLinksApi.list({ projectId, pageSize: MAX_PAGE_SIZE }, { signal }),
  });

export const aiLinksQueryOptions = (customAiId: string) =>
  queryOptions({
    queryKey: customAiKeys.aiLinks(customAiId),
    queryFn: ({ signal }) =>
      customAiLinksApi.list({ customAiId, pageSize: MAX_PAGE_SIZE }, { signal }),
  });

/** The project's runnable workflows: its groups whose node is of a runnable kind. */
export const workflowsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: customAiKeys.workflows(projectId),
    queryFn: async ({ signal }) => {
      const [groups, ...nodePages] = await Promise.all([
        nodeGroupsApi.list({ projectId, pageSize: MAX_PAGE_SIZE }, { signal }),
        ...runnableGroupKinds.map((type) =>
          nodesApi.list({ projectId, type, pageSize: MAX_PAGE_SIZE }, { signal }),
        ),
      ]);
      const nodeIds = new Set(nodePages.flatMap((page) => page.items.map((node) => node.id)));
      return runnableGroups(groups.items, nodeIds);
    },
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
    queryFn: ({ signal }) => listMessages(conversationId, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
