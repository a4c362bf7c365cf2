import {
  convertToModelMessages,
  createUIMessageStream,
  stepCountIs,
  streamText,
  type UIMessage,
} from 'ai';
import type { TChatMessage, TChatRequest, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { conversations, customAis } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { TRunJobs } from '../../plugins/run-jobs';
import type { TUsageMeter } from '../billing/quotas';
import type { TModelResolver } from '../models/model-resolver';
import type { TRequestLog } from '../models/request-log';
import { projectAccess } from '../projects/project-access';
import { contextWindow, trimToWindow } from './chat-history';
import { workflowTools } from './chat-tools';
import * as repo from './custom-ais.repo';

const MAX_STEPS = 5;
const DEFAULT_TITLE = 'New conversation';

type TChatDeps = {
  db: TDb;
  resolver: TModelResolver;
  requestLog: TRequestLog;
  meter: TUsageMeter;
  jobs: TRunJobs;
};

const toUiMessage = (row: repo.TMessageRow): UIMessage => ({
  id: row.uiId,
  role: row.role,
  parts: row.parts as UIMessage['parts'],
  metadata: { createdAt: row.createdAt.toISOString() },
});

const textOf = (message: UIMessage | undefined) =>
  (message?.parts ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');

function describe(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { statusCode?: number; message?: string; lastError?: unknown };
    // After its retries the AI SDK wraps the provider's error; the provider's says more.
    if (e.lastError) return describe(e.lastError);
    if (e.statusCode)
      return `The model provider answered ${e.statusCode}: ${e.message ?? ''}`.trim();
    if (e.message) return e.message;
  }
  return 'The model could not answer';
}

/** One of the caller's own conversations, in a project they are a member of. */
async function ownConversation(db: TDb, user: TUser, id: string) {
  const missing = new AppError('not_found', 'Conversation not found', [
    { field: 'conversationId', message: 'Not found' },
  ]);
  const row = await projectAccess.row(db, user, conversations, id, 'viewer', missing);
  if (row.userId !== user.id) throw missing;
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
  deps: TChatDeps,
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
    new AppError('not_found', 'Custom AI not found'),
  );
  const conversation = await ownConversation(db, user, body.conversationId);
  if (conversation.customAiId !== assistant.id)
    throw AppError.validation('conversationId', 'This conversation belongs to another custom AI');
  await projectAccess.require(db, user, assistant.projectId, 'editor');
  const resolved = await deps.resolver.resolve(assistant.model, user.id).catch((error: unknown) => {
    throw AppError.validation('model', describe(error));
  });
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
  const tools = await workflowTools(deps, user, assistant.id, assistant.projectId);
  const prompt = textOf(history.filter((m) => m.role === 'user').at(-1));
  let stepStarted = performance.now();
  const logCall = (
    status: 'succeeded' | 'failed',
    extra: { inputTokens?: number; outputTokens?: number; response?: string; error?: string },
  ) =>
    deps.requestLog(context, {
      provider: resolved.provider,
      modelId: assistant.model,
      model: resolved.model,
      status,
      latencyMs: performance.now() - stepStarted,
      inputTokens: extra.inputTokens ?? 0,
      outputTokens: extra.outputTokens ?? 0,
      prompt: assistant.systemPrompt
        ? `[system]\n${assistant.systemPrompt}\n\n[user]\n${prompt}`
        : prompt,
      response: extra.response ?? null,
      error: extra.error ?? null,
    });

  const result = streamText({
    model: resolved.language(),
    ...(assistant.systemPrompt ? { system: assistant.systemPrompt } : {}),
    messages: await convertToModelMessages(trimmed.messages, {
      tools,
      ignoreIncompleteToolCalls: true,
    }),
    temperature: assistant.temperature,
    ...(assistant.maxTokens ? { maxOutputTokens: assistant.maxTokens } : {}),
    tools,
    stopWhen: stepCountIs(MAX_STEPS),
    // Every step after the first is another model request, counted like the first.
    prepareStep: async ({ stepNumber }) => {
      if (stepNumber > 0) await deps.meter.admit(context);
      return undefined;
    },
    abortSignal: signal,
    maxRetries: 2,
    onStepFinish: async (step) => {
      const calls = step.toolCalls.map((call) => `[calls ${call.toolName}]`).join(' ');
      await logCall('succeeded', {
        inputTokens: step.usage.inputTokens ?? 0,
        outputTokens: step.usage.outputTokens ?? 0,
        response: [step.text, calls].filter(Boolean).join('\n'),
      });
      stepStarted = performance.now();
    },
    onError: async ({ error }) => {
      await logCall('failed', { error: describe(error) });
    },
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
