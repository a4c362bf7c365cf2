import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConversation, TCustomAi, TCustomAiCreate } from '@flowsmith/shared';
import { ApiError, isApiError } from '../../lib/api';
import {
  conversationsApi,
  customAiKeys,
  customAiLinksApi,
  customAisApi,
} from '../../lib/queries/custom-ais';
import { useRefreshingMutation } from '../../lib/queries/refreshing-mutation';
import { linkChanges } from './workflow-links';

export type TSaveCustomAi = {
  /** The custom AI to update, or null to create one in `projectId`. */
  id: string | null;
  projectId: string;
  body: Omit<TCustomAiCreate, 'projectId'>;
  nodeGroupIds: string[];
};

/** A failed link names the form's `nodeGroupIds` field, so its message shows under the picker. */
function asLinkError(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const details = error.details.map((detail) =>
    detail.field === 'nodeGroupId' ? { ...detail, field: 'nodeGroupIds' } : detail,
  );
  return new ApiError(error.status, error.code, error.message, details);
}

/**
 * Saves the custom AI, then adds and removes link rows until it is linked to exactly the chosen
 * workflows. A link failing after the custom AI was created still leaves it created: the error
 * carries the saved row so the form switches to editing it instead of creating a twin.
 */
export function useSaveCustomAi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, projectId, body, nodeGroupIds }: TSaveCustomAi) => {
      const saved = id
        ? await customAisApi.update(id, body)
        : await customAisApi.create({ ...body, projectId });
      try {
        const current = id
          ? (await customAiLinksApi.list({ customAiId: id, pageSize: 200 })).items
          : [];
        const { create, remove } = linkChanges(current, nodeGroupIds);
        await Promise.all([
          ...remove.map((link) => customAiLinksApi.remove(link.id)),
          ...create.map((nodeGroupId) =>
            customAiLinksApi.create({ customAiId: saved.id, nodeGroupId }),
          ),
        ]);
      } catch (error) {
        throw Object.assign(asLinkError(error) as Error, { saved });
      }
      return saved;
    },
    // Settled, not success: a save whose links failed has still changed the custom AI.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: customAiKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: customAiKeys.details() }),
        queryClient.invalidateQueries({ queryKey: customAiKeys.links() }),
      ]);
    },
  });
}

/** The custom AI a failed save still created, if any (see `useSaveCustomAi`). */
export function savedBeforeError(error: unknown): TCustomAi | null {
  return (error as { saved?: TCustomAi } | null)?.saved ?? null;
}

export const useDeleteCustomAi = () =>
  useRefreshingMutation(
    (customAi: TCustomAi) => customAisApi.remove(customAi.id),
    () => [customAiKeys.lists(), customAiKeys.links()],
    (_data, customAi) => [
      customAiKeys.detail(customAi.id),
      customAiKeys.conversations(customAi.id),
    ],
  );

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customAiId: string) => conversationsApi.create({ customAiId }),
    onSuccess: (conversation) => {
      // A new conversation has no history: its thread opens without a request.
      queryClient.setQueryData(customAiKeys.messages(conversation.id), { items: [] });
      return queryClient.invalidateQueries({
        queryKey: customAiKeys.conversations(conversation.customAiId),
      });
    },
  });
}

export const useRenameConversation = () =>
  useRefreshingMutation(
    ({ conversation, title }: { conversation: TConversation; title: string }) =>
      conversationsApi.update(conversation.id, { title }),
    (_row, { conversation }) => [customAiKeys.conversations(conversation.customAiId)],
  );

export const useDeleteConversation = () =>
  useRefreshingMutation(
    (conversation: TConversation) => conversationsApi.remove(conversation.id),
    (_data, conversation) => [customAiKeys.conversations(conversation.customAiId)],
    (_data, conversation) => [customAiKeys.messages(conversation.id)],
  );
