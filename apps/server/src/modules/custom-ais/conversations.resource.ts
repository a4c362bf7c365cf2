import { conversationSchemas } from '@flowsmith/shared';
import { eq } from 'drizzle-orm';
import { conversations, customAis } from '../../db/schema/index';
import { apiRow } from '../resources/api-row';
import { columnsOf } from '../resources/list-query';
import type { TResourceDefinition } from '../resources/resource.types';

/** A person's chats with a custom AI: private to them, inside the custom AI's project. */
export const conversationsResource: TResourceDefinition = {
  name: 'conversations',
  table: conversations,
  scope: {
    kind: 'project',
    parent: {
      field: 'customAiId',
      table: customAis,
      label: 'Custom AI',
    },
  },
  readScope: ({ user }) => eq(conversations.userId, user.id),
  schemas: conversationSchemas,
  columns: columnsOf(
    conversations,
    'id',
    'projectId',
    'customAiId',
    'title',
    'createdAt',
    'updatedAt',
  ),
  defaultSort: '-updatedAt',
  searchColumns: [conversations.title],
  toApi: ({ summary: _summary, ...row }) => apiRow(row as never),
  toInsert: (body, { user }) => ({ ...body, userId: user.id }),
};
