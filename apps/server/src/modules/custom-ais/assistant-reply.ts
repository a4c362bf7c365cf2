import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import {
  stepCountIs,
  streamText,
  wrapLanguageModel,
  type LanguageModelMiddleware,
  type ModelMessage,
  type ToolChoice,
  type ToolSet,
} from 'ai';
import type { TReqLogStatus, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { customAis } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { TRunJobs } from '../../plugins/run-jobs';
import type { TUsageMeter } from '../billing/quotas';
import type { TMcpClients } from '../mcp/mcp-client';
import { mcpServerTools } from '../mcp/mcp-tools';
import type { TModelResolver } from '../models/model-resolver';
import { roughTokens } from '../models/echo-model';
import { callAttempts, type TCallContext, type TRequestLog } from '../models/request-log';
import { projectAccess } from '../projects/project-access';
import { workflowTools } from './chat-tools';

const MAX_STEPS = 5;

export type TReplyDeps = {
  db: TDb;
  resolver: TModelResolver;
  requestLog: TRequestLog;
  meter: TUsageMeter;
  jobs: TRunJobs;
  mcp: TMcpClients;
};

type TAssistant = typeof customAis.$inferSelect;

export function describe(error: unknown): string {
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

/**
 * A custom AI the caller may chat with: a member reads it (else 404, like a missing one), and
 * chatting writes the project's request log and counts against its quota, so it takes an editor.
 */
export async function chattableAssistant(
  db: TDb,
  user: TUser,
  id: string,
  missing = () => new AppError('not_found', 'Custom AI not found'),
) {
  const assistant = await projectAccess.row(db, user, customAis, id, 'viewer', missing);
  await projectAccess.require(db, user, assistant.projectId, 'editor');
  return assistant;
}

/** The model of a custom AI, resolved for the caller; a model that is gone is a 400 on `field`. */
export async function resolveAssistantModel(
  deps: TReplyDeps,
  assistant: TAssistant,
  userId: string,
  field = 'model',
) {
  return deps.resolver.resolve(assistant.model, userId).catch((error: unknown) => {
    throw AppError.validation(field, describe(error));
  });
}

/**
 * The tools a custom AI brings itself, which run on the server: its linked workflows, and the
 * enabled tools of its MCP servers that belong to the caller.
 */
export async function assistantTools(deps: TReplyDeps, user: TUser, assistant: TAssistant) {
  const workflows = await workflowTools(deps, user, assistant.id, assistant.projectId);
  const mcp = await mcpServerTools(deps, user, assistant.mcpServerIds);
  return { ...mcp, ...workflows };
}

type TReplyInput = {
  assistant: TAssistant;
  resolved: Awaited<ReturnType<TModelResolver['resolve']>>;
  context: TCallContext;
  messages: ModelMessage[];
  tools: ToolSet;
  toolChoice?: ToolChoice<ToolSet>;
  /** The last user message, as the request log shows it. */
  prompt: string;
  signal: AbortSignal;
  /** What the caller may change of the custom AI's settings for this reply. */
  temperature?: number | null;
  maxTokens?: number | null;
};

type TAttemptEnd = {
  inputTokens?: number;
  outputTokens?: number;
  response?: string;
  error?: string;
};

/**
 * The request log of one reply. Each step of the reply is a model call, and each of the AI SDK's
 * tries at it an attempt with its own row, written when it ends: a try that the provider refused
 * as it ends, the others when their step finishes, fails or is stopped. A reply stopped
 * mid-stream is `cancelled`, with the tokens it had streamed.
 */
function replyLog(deps: TReplyDeps, input: TReplyInput) {
  const { assistant, resolved, context } = input;
  const attempts = callAttempts();
  const prompt = assistant.systemPrompt
    ? `[system]\n${assistant.systemPrompt}\n\n[user]\n${input.prompt}`
    : input.prompt;
  let current: { callId: string; attempt: number } | undefined;
  let started = 0;
  let sent = '';
  let streamed = '';

  const ended = async (status: TReqLogStatus, extra: TAttemptEnd) => {
    if (!current) return;
    const attempt = current;
    current = undefined;
    attempts.ended('reply', attempt, status);
    await deps.requestLog(context, {
      ...attempt,
      provider: resolved.provider,
      modelId: assistant.model,
      model: resolved.model,
      status,
      latencyMs: performance.now() - started,
      inputTokens: extra.inputTokens ?? 0,
      outputTokens: extra.outputTokens ?? 0,
      prompt,
      response: extra.response ?? null,
      error: extra.error ?? null,
    });
  };

  /** A try that ends with no usage from the provider: stopped by the caller, or failed. */
  const stopped = (error: unknown) =>
    input.signal.aborted
      ? ended('cancelled', {
          // No provider reports the usage of a stream cut short; this is what it streamed.
          inputTokens: roughTokens(sent),
          outputTokens: roughTokens(streamed),
          ...(streamed ? { response: streamed } : {}),
          error: 'Cancelled',
        })
      : ended('failed', { ...(streamed ? { response: streamed } : {}), error: describe(error) });

  const middleware: LanguageModelMiddleware = {
    specificationVersion: 'v3',
    wrapStream: async ({ doStream, params }) => {
      current = attempts.next('reply');
      started = performance.now();
      sent = JSON.stringify(params.prompt);
      streamed = '';
      let result: Awaited<ReturnType<typeof doStream>>;
      try {
        result = await doStream();
      } catch (error) {
        await stopped(error);
        throw error;
      }
      const watched = new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
        transform(part, controller) {
          if (part.type === 'text-delta') streamed += part.delta;
          controller.enqueue(part);
        },
      });
      return { ...result, stream: result.stream.pipeThrough(watched) };
    },
  };

  return { middleware, ended, stopped };
}

/**
 * A custom AI's reply, streamed: its system prompt and settings, up to five steps of tool calls,
 * each step admitted against quotas before it is made (the caller admits the first) and each try
 * at it written to the request log when it ends. A tool without `execute` (one the client runs) ends the reply
 * with its call.
 */
export function streamReply(deps: TReplyDeps, input: TReplyInput) {
  const { assistant, resolved } = input;
  const log = replyLog(deps, input);
  const maxTokens = input.maxTokens ?? assistant.maxTokens;

  return streamText({
    model: wrapLanguageModel({ model: resolved.language(), middleware: log.middleware }),
    ...(assistant.systemPrompt ? { system: assistant.systemPrompt } : {}),
    messages: input.messages,
    // Only a caller of the OpenAI-compatible API, with their own key, sends system messages.
    allowSystemInMessages: true,
    temperature: input.temperature ?? assistant.temperature,
    ...(maxTokens ? { maxOutputTokens: maxTokens } : {}),
    tools: input.tools,
    ...(input.toolChoice ? { toolChoice: input.toolChoice } : {}),
    stopWhen: stepCountIs(MAX_STEPS),
    // Every step after the first is another model request, counted like the first.
    prepareStep: async ({ stepNumber }) => {
      if (stepNumber > 0) await deps.meter.admit(input.context);
      return undefined;
    },
    abortSignal: input.signal,
    maxRetries: 2,
    onStepFinish: async (step) => {
      const calls = step.toolCalls.map((call) => `[calls ${call.toolName}]`).join(' ');
      await log.ended('succeeded', {
        inputTokens: step.usage.inputTokens ?? 0,
        outputTokens: step.usage.outputTokens ?? 0,
        response: [step.text, calls].filter(Boolean).join('\n'),
      });
    },
    onError: async ({ error }) => {
      await log.stopped(error);
    },
    onAbort: async () => {
      await log.stopped(input.signal.reason);
    },
  });
}
