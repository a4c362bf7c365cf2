import { doublePrecision, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { userRef } from './auth';
import { nodeGroups } from './canvas';
import { id, indexesOn, jsonList, ownerRef, timestamps } from './columns';
import { projectRow } from './projects';

export const customAis = pgTable(
  'custom_ais',
  {
    ...projectRow(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    model: text('model').notNull().default('echo'),
    systemPrompt: text('system_prompt').notNull().default(''),
    temperature: doublePrecision('temperature').notNull().default(0.7),
    maxTokens: integer('max_tokens'),
    mcpServerIds: jsonList<string>('mcp_server_ids'),
    ...timestamps(),
  },
  (t) => indexesOn('custom_ais', t.projectId),
);

export const customAiToNodeGroups = pgTable(
  'custom_ai_to_node_groups',
  {
    ...projectRow(),
    customAiId: ownerRef('custom_ai_id', () => customAis.id),
    nodeGroupId: ownerRef('node_group_id', () => nodeGroups.id),
    ...timestamps(),
  },
  (t) => [
    unique('custom_ai_to_node_groups_unique').on(t.customAiId, t.nodeGroupId),
    ...indexesOn('custom_ai_to_node_groups', t.projectId, t.nodeGroupId),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    ...projectRow(),
    customAiId: ownerRef('custom_ai_id', () => customAis.id),
    userId: userRef(),
    title: text('title').notNull().default('New conversation'),
    summary: text('summary'),
    ...timestamps(),
  },
  (t) => [
    index('conversations_custom_ai_user_idx').on(t.customAiId, t.userId),
    ...indexesOn('conversations', t.projectId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: ownerRef('conversation_id', () => conversations.id),
    /** The message's id in the chat client, so a regenerate can name the message it replaces. */
    uiId: text('ui_id').notNull(),
    role: text('role', { enum: ['system', 'user', 'assistant'] }).notNull(),
    parts: jsonb('parts').$type<unknown[]>().notNull(),
    ...timestamps(),
  },
  (t) => [
    index('messages_conversation_id_idx').on(t.conversationId, t.createdAt),
    unique('messages_conversation_ui_id_unique').on(t.conversationId, t.uiId),
  ],
);
