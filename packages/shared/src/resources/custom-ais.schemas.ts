import { z } from 'zod';
import { ZId, withStamps, zListQuery, zName, zText, zPatch } from './common';

export const ZCustomAi = withStamps({
  projectId: ZId,
  name: z.string(),
  description: z.string(),
  avatar: z.string(),
  model: z.string(),
  systemPrompt: z.string(),
  temperature: z.number(),
  maxTokens: z.number().nullable(),
  /** MCP servers whose enabled tools the custom AI may use: each member's own servers only. */
  mcpServerIds: z.array(ZId),
});
export type TCustomAi = z.infer<typeof ZCustomAi>;
export const ZCustomAiCreate = z.object({
  projectId: ZId,
  name: zName('Name', 100),
  description: zText('Description', 2000).default(''),
  avatar: zText('Avatar', 2000).default(''),
  model: zName('Model', 200).default('echo'),
  systemPrompt: zText('System prompt', 50_000).default(''),
  temperature: z
    .number({ error: 'Temperature must be a number' })
    .min(0, 'At least 0')
    .max(2, 'At most 2')
    .default(0.7),
  maxTokens: z
    .number()
    .int('Must be a whole number')
    .min(1)
    .max(1_000_000)
    .nullable()
    .default(null),
  mcpServerIds: z.array(ZId).max(20, 'At most 20 MCP servers').default([]),
});
export type TCustomAiCreate = z.input<typeof ZCustomAiCreate>;
export const ZCustomAiUpdate = zPatch(ZCustomAiCreate.omit({ projectId: true }));
export const ZCustomAiListQuery = zListQuery(['name', 'createdAt', 'updatedAt'], {
  projectId: ZId.optional(),
  model: z.string().max(200).optional(),
});

/** The generic resource `custom_ais`: its row, the bodies it takes and its list query. */
export const customAiSchemas = {
  row: ZCustomAi,
  create: ZCustomAiCreate,
  update: ZCustomAiUpdate,
  listQuery: ZCustomAiListQuery,
};

export const ZCustomAiToNodeGroup = withStamps({
  projectId: ZId,
  customAiId: ZId,
  nodeGroupId: ZId,
});
export type TCustomAiToNodeGroup = z.infer<typeof ZCustomAiToNodeGroup>;
export const ZCustomAiToNodeGroupCreate = z.object({ customAiId: ZId, nodeGroupId: ZId });
export const ZCustomAiToNodeGroupUpdate = z.object({ nodeGroupId: ZId.optional() });
export const ZCustomAiToNodeGroupListQuery = zListQuery(['createdAt'], {
  projectId: ZId.optional(),
  customAiId: ZId.optional(),
  nodeGroupId: ZId.optional(),
});

export const ZConversation = withStamps({
  projectId: ZId,
  customAiId: ZId,
  userId: ZId,
  title: z.string(),
});
export type TConversation = z.infer<typeof ZConversation>;
export const ZConversationCreate = z.object({
  customAiId: ZId,
  title: zName('Title', 200).default('New conversation'),
});
export const ZConversationUpdate = z.object({ title: zName('Title', 200) });
export const ZConversationListQuery = zListQuery(['updatedAt', 'createdAt', 'title'], {
  customAiId: ZId.optional(),
  projectId: ZId.optional(),
});

/** The generic resource `conversations`: its row, the bodies it takes and its list query. */
export const conversationSchemas = {
  row: ZConversation,
  create: ZConversationCreate,
  update: ZConversationUpdate,
  listQuery: ZConversationListQuery,
};

export const MAX_CHAT_MESSAGE = 20_000;

/** A stored chat message in the shape of the AI SDK's UI messages. */
export const ZChatMessage = z.object({
  id: z.string(),
  role: z.enum(['system', 'user', 'assistant']),
  parts: z.array(z.unknown()),
  metadata: z.object({ createdAt: z.string() }).optional(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/**
 * A chat turn: the conversation and the new user message (the server keeps the history), or a
 * request to answer the last user message again.
 */
export const ZChatRequest = z.discriminatedUnion('trigger', [
  z.object({
    trigger: z.literal('submit-message'),
    conversationId: ZId,
    message: z.object({
      id: z.string().min(1).max(100),
      role: z.literal('user', { error: 'Only user messages can be sent' }),
      parts: z
        .array(
          z.object({
            type: z.literal('text', { error: 'Only text can be sent' }),
            text: z
              .string()
              .max(
                MAX_CHAT_MESSAGE,
                `A message can be at most ${MAX_CHAT_MESSAGE.toLocaleString('en-US')} characters`,
              ),
          }),
        )
        .min(1, 'The message is empty')
        .max(20),
    }),
  }),
  z.object({ trigger: z.literal('regenerate-message'), conversationId: ZId }),
]);
export type TChatRequest = z.infer<typeof ZChatRequest>;
export const ZChatMessageList = z.object({ items: z.array(ZChatMessage) });

/** The generic resource `custom_ai_to_node_groups`: its row, the bodies it takes and its list query. */
export const customAiToNodeGroupSchemas = {
  row: ZCustomAiToNodeGroup,
  create: ZCustomAiToNodeGroupCreate,
  update: ZCustomAiToNodeGroupUpdate,
  listQuery: ZCustomAiToNodeGroupListQuery,
};
