import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { jsonParam } from '../../db/json-rows';
import {
  conversations,
  customAis,
  customAiToNodeGroups,
  messages,
  nodeGroups,
} from '../../db/schema/index';
import { findRow, inProject } from '../resources/resources.repo';

export type TMessageRow = typeof messages.$inferSelect;

export const customAiInProject = (db: TDb, id: string, projectId: string) =>
  findRow(db, customAis, id, inProject(customAis, projectId));

/** The runnable groups linked to a custom AI as its tools. */
export function linkedGroups(db: TDb, customAiId: string, projectId: string) {
  return db
    .select({
      id: nodeGroups.id,
      nodeId: nodeGroups.nodeId,
      name: nodeGroups.name,
      settings: nodeGroups.settings,
    })
    .from(customAiToNodeGroups)
    .innerJoin(nodeGroups, eq(nodeGroups.id, customAiToNodeGroups.nodeGroupId))
    .where(
      and(
        eq(customAiToNodeGroups.customAiId, customAiId),
        eq(customAiToNodeGroups.projectId, projectId),
      ),
    );
}

export function messagesOf(db: TDb, conversationId: string) {
  return db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export async function lastUserMessage(db: TDb, conversationId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'user')))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row;
}

export async function deleteMessagesAfter(db: TDb, conversationId: string, after: Date) {
  await db
    .delete(messages)
    .where(and(eq(messages.conversationId, conversationId), gt(messages.createdAt, after)));
}

/** Stores a message once, by its id in the UI; `replace` updates the parts of one stored already. */
export async function saveMessage(
  db: TDb,
  message: Pick<TMessageRow, 'conversationId' | 'uiId' | 'role' | 'parts'>,
  replace: boolean,
) {
  // A model's answer cut through an emoji holds half of it, which a JSON column refuses as it is.
  const parts = sql`${jsonParam(message.parts)}::jsonb`;
  const insert = db.insert(messages).values({ ...message, parts });
  await (replace
    ? insert.onConflictDoUpdate({
        target: [messages.conversationId, messages.uiId],
        set: { parts },
      })
    : insert.onConflictDoNothing());
}

export async function updateConversation(
  db: TDb,
  id: string,
  values: { title?: string; updatedAt?: Date },
) {
  await db.update(conversations).set(values).where(eq(conversations.id, id));
}
