import {
  convertToModelMessages,
  createUIMessageStream,
  pipeUIMessageStreamToResponse,
  stepCountIs,
  streamText,
  type UIMessage,
} from 'ai';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZChatMessage, ZChatRequest, ZIdParams, type TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { conversations, customAis, messages } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/request-user';
import type { TModelResolver } from '../models/model-resolver';
import type { TRequestLog } from '../models/request-log';
import { inMemberProjects, requireProjectRole } from '../resources/project-access';
import type { TRunExecutor } from '../runs/run-executor';
import type { TStartRunArgs } from '../runs/run-starter';
import { contextWindow, trimToWindow } from './chat-history';
import { workflowTools } from './chat-tools';

const MAX_STEPS = 5;
const DEFAULT_TITLE = 'New conversation';

type TDeps = {
  db: TDb;
  resolver: TModelResolver;
  requestLog: TRequestLog;
  executor: TRunExecutor;
  startRun: (...args: TStartRunArgs) => Promise<{ id: string }>;
};

type TMessageRow = typeof messages.$inferSelect;
const toUiMessage = (row: TMessageRow): UIMessage => ({
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

async function ownConversation(db: TDb, user: TUser, id: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, id),
        eq(conversations.userId, user.id),
        inMemberProjects(db, conversations.projectId, user.id),
      ),
    );
  if (!row)
    throw new AppError('not_found', 'Conversation not found', [
      { field: 'conversationId', message: 'Not found' },
    ]);
  return row;
}

/**
 * Chat with a custom AI: the reply streams as an AI SDK UI message stream; the history lives in
 * the database, trimmed to the model's window; linked workflows are offered as tools.
 */
export async function chatRoutes(app: FastifyInstance, deps: TDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['custom_ais'];

  r.get(
    '/conversations/:id/messages',
    {
      schema: {
        tags,
        params: ZIdParams,
        response: { 200: z.object({ items: z.array(ZChatMessage) }) },
      },
    },
    async (request) => {
      const conversation = await ownConversation(db, requireUser(request), request.params.id);
      const rows = await db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, conversation.id))
        .orderBy(asc(messages.createdAt), asc(messages.id));
      return { items: rows.map(toUiMessage) as z.infer<typeof ZChatMessage>[] };
    },
  );

  r.post(
    '/custom_ais/:id/chat',
    { schema: { tags, params: ZIdParams, body: ZChatRequest } },
    async (request, reply) => {
      const user = requireUser(request);
      const [assistant] = await db
        .select()
        .from(customAis)
        .where(
          and(
            eq(customAis.id, request.params.id),
            inMemberProjects(db, customAis.projectId, user.id),
          ),
        );
      if (!assistant) throw new AppError('not_found', 'Custom AI not found');
      const conversation = await ownConversation(db, user, request.body.conversationId);
      if (conversation.customAiId !== assistant.id)
        throw AppError.validation(
          'conversationId',
          'This conversation belongs to another custom AI',
        );
      await requireProjectRole(db, user, assistant.projectId, 'editor');
      const resolved = await deps.resolver
        .resolve(assistant.model, user.id)
        .catch((error: unknown) => {
          throw AppError.validation('model', describe(error));
        });

      const body = request.body;
      if (body.trigger === 'submit-message') {
        const text = body.message.parts.map((part) => part.text).join('');
        if (!text.trim()) throw AppError.validation('message.parts.0.text', 'The message is empty');
        await db
          .insert(messages)
          .values({
            conversationId: conversation.id,
            uiId: body.message.id,
            role: 'user',
            parts: body.message.parts,
          })
          .onConflictDoNothing();
        if (conversation.title === DEFAULT_TITLE) {
          await db
            .update(conversations)
            .set({ title: text.trim().slice(0, 60) })
            .where(eq(conversations.id, conversation.id));
        }
      } else {
        // Regenerate: drop the replies after the last user message and answer it again.
        const [lastUser] = await db
          .select()
          .from(messages)
          .where(and(eq(messages.conversationId, conversation.id), eq(messages.role, 'user')))
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(1);
        if (!lastUser)
          throw AppError.validation('conversationId', 'There is no message to answer again');
        await db
          .delete(messages)
          .where(
            and(
              eq(messages.conversationId, conversation.id),
              gt(messages.createdAt, lastUser.createdAt),
            ),
          );
      }

      const rows = await db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, conversation.id))
        .orderBy(asc(messages.createdAt), asc(messages.id));
      const history = rows.map(toUiMessage);
      const trimmed = trimToWindow(history, contextWindow(assistant.model), assistant.systemPrompt);
      const tools = await workflowTools(deps, user, assistant.id, assistant.projectId);
      const context = {
        userId: user.id,
        projectId: assistant.projectId,
        customAiId: assistant.id,
        conversationId: conversation.id,
      };
      const prompt = textOf(history.filter((m) => m.role === 'user').at(-1));
      const abort = new AbortController();
      // A client that goes away (Stop, a closed tab) ends the generation; what came so far is kept.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
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
        abortSignal: abort.signal,
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

      const stream = createUIMessageStream({
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
          await db
            .insert(messages)
            .values({
              conversationId: conversation.id,
              uiId: responseMessage.id,
              role: 'assistant',
              parts: responseMessage.parts,
            })
            .onConflictDoUpdate({
              target: [messages.conversationId, messages.uiId],
              set: { parts: responseMessage.parts },
            });
          await db
            .update(conversations)
            .set({ updatedAt: new Date() })
            .where(eq(conversations.id, conversation.id));
        },
      });
      reply.hijack();
      await pipeUIMessageStreamToResponse({ response: reply.raw, stream });
    },
  );
}
