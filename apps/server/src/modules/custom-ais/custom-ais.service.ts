import { convertToModelMessages, createUIMessageStream, type UIMessage } from 'ai';
import type { TChatMessage, TChatRequest, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { conversations, customAis } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { projectAccess } from '../projects/project-access';
import { contextWindow, trimToWindow } from './chat-history';
import {
  assistantTools,
  describe,
  resolveAssistantModel,
  streamReply,
  type TReplyDeps,
} from './assistant-reply';
import * as repo from './custom-ais.repo';

const DEFAULT_TITLE = 'New conversation';

const toUiMessage = (row: repo.TMessageRow): UIMessage => ({
  id: row.uiId,
  role: row.role,
  parts: row.parts as UIMessage['parts'],
  metadata: { createdAt: row.createdAt.toISOString() },
});

const textOf = (message: UIMessage | undefined) =>
  (message?.parts ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');

/** One of the caller's own conversations, in a project they are a member of. */
async function ownConversation(db: TDb, user: TUser, id: string) {
  const missing = () =>
    new AppError('not_found', 'Conversation not found', [
      { field: 'conversationId', message: 'Not found' },
    ]);
  const row = await projectAccess.row(db, user, conversations, id, 'viewer', missing);
  if (row.userId !== user.id) throw missing();
  return row;
}

export async function conversationMessages(db: TDb, user: TUser, id: string) {
  const conversation = await ownConversation(db, user, id);
  const rows = await repo.messagesOf(db, conversation.id);
  return { items: rows.map(toUiMessage) as TChatMessage[] };
}

function messageText(body: TChatRequest & { trigger: 'submit-message' }) {
  const text = body.message.parts.map((part) => part.text).join('');
  if (!text.trim()) throw AppError.validation('message.parts.0.text', 'The message is empty');
  return text;
}

/** Stores the new message, or drops the replies to the last one so it is answered again. */
async function recordTurn(
  db: TDb,
  conversation: { id: string; title: string },
  body: TChatRequest,
) {
  if (body.trigger === 'submit-message') {
    const text = messageText(body);
    await repo.saveMessage(
      db,
      {
        conversationId: conversation.id,
        uiId: body.message.id,
        role: 'user',
        parts: body.message.parts,
      },
      false,
    );
    if (conversation.title === DEFAULT_TITLE)
      await repo.updateConversation(db, conversation.id, { title: text.trim().slice(0, 60) });
    return;
  }
  const lastUser = await repo.lastUserMessage(db, conversation.id);
  if (!lastUser) throw AppError.validation('conversationId', 'There is no message to answer again');
  await repo.deleteMessagesAfter(db, conversation.id, lastUser.createdAt);
}

/**
 * Chat with a custom AI: the reply comes as an AI SDK UI message stream; the history lives in
 * the database, trimmed to the model's window; linked workflows are offered as tools. `signal`
 * ends the generation (Stop, a closed tab); what came so far is kept.
 */
export async function chat(
  deps: TReplyDeps,
  user: TUser,
  customAiId: string,
  body: TChatRequest,
  signal: AbortSignal,
) {
  const { db } = deps;
  const assistant = await projectAccess.row(
    db,
    user,
    customAis,
    customAiId,
    'viewer',
    () => new AppError('not_found', 'Custom AI not found'),
  );
  const conversation = await ownConversation(db, user, body.conversationId);
  if (conversation.customAiId !== assistant.id)
    throw AppError.validation('conversationId', 'This conversation belongs to another custom AI');
  await projectAccess.require(db, user, assistant.projectId, 'editor');
  const resolved = await resolveAssistantModel(deps, assistant, user.id);
  if (body.trigger === 'submit-message') messageText(body);
  const context = {
    userId: user.id,
    projectId: assistant.projectId,
    customAiId: assistant.id,
    conversationId: conversation.id,
  };
  // The first step is admitted before anything is stored, so a 402 leaves the conversation as it was.
  await deps.meter.admit(context);
  await recordTurn(db, conversation, body);

  const history = (await repo.messagesOf(db, conversation.id)).map(toUiMessage);
  const trimmed = trimToWindow(history, contextWindow(assistant.model), assistant.systemPrompt);
  const tools = await assistantTools(deps, user, assistant);
  const result = streamReply(deps, {
    assistant,
    resolved,
    context,
    messages: await convertToModelMessages(trimmed.messages, {
      tools,
      ignoreIncompleteToolCalls: true,
    }),
    tools,
    prompt: textOf(history.filter((m) => m.role === 'user').at(-1)),
    signal,
  });

  return createUIMessageStream({
    originalMessages: history,
    execute: ({ writer }) => {
      if (trimmed.dropped > 0) {
        writer.write({
          type: 'data-notice',
          data: {
            kind: 'trimmed',
            dropped: trimmed.dropped,
            text: `${trimmed.dropped} earlier messages were left out to fit the model's context window`,
          },
        });
      }
      writer.merge(result.toUIMessageStream({ sendReasoning: false, onError: describe }));
    },
    onError: describe,
    onFinish: async ({ responseMessage }) => {
      if (responseMessage.parts.length === 0) return;
      await repo.saveMessage(
        db,
        {
          conversationId: conversation.id,
          uiId: responseMessage.id,
          role: 'assistant',
          parts: responseMessage.parts,
        },
        true,
      );
      await repo.updateConversation(db, conversation.id, { updatedAt: new Date() });
    },
  });
}
