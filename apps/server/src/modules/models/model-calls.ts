import type { LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { generateImage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import {
  NodeTimeoutError,
  type TEngineServices,
  type TImageRequest,
  type TTextRequest,
} from '@flowsmith/engine';
import type { TAdmission } from '../billing/quotas';
import { echoImage, roughTokens } from './echo-model';
import { logModelError, logModelWarnings } from './model-logging';
import type { TModelResolver, TResolvedModel } from './model-resolver';
import {
  callAttempts,
  type TCallAttempts,
  type TCallContext,
  type TModelCall,
  type TRequestLog,
} from './request-log';

export type TFileSaver = (
  projectId: string,
  bytes: Uint8Array,
  mediaType: string,
  ownerId?: string,
) => Promise<{ fileId: string; url: string; mediaType: string }>;

/** A failure with the provider's status in its message, so the node shows what went wrong. */
function describe(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { statusCode?: number; message?: string; name?: string };
    if (e.statusCode) return `The model provider answered ${e.statusCode}: ${e.message ?? e.name}`;
    if (e.name === 'AbortError' || e.name === 'TimeoutError') return e.message || 'Aborted';
    if (e.message) return e.message;
  }
  return String(error);
}

const promptText = (system: string | undefined, prompt: string) =>
  system ? `[system]\n${system}\n\n[user]\n${prompt}` : prompt;

/** The request as the providers' language models take it. */
function languagePrompt(system: string | undefined, prompt: string): LanguageModelV3Prompt {
  const user = { role: 'user' as const, content: [{ type: 'text' as const, text: prompt }] };
  return system ? [{ role: 'system', content: system }, user] : [user];
}

type TOutcome<T> = {
  value: T;
  inputTokens: number;
  outputTokens: number;
  response: string;
  images?: number;
};

/**
 * Streams one answer from the model's own stream, without the AI SDK's `streamText` around it:
 * a node makes one call with no tools, and those layers (stream copies, telemetry, the tool loop)
 * cost more CPU than the call itself. Retries belong to the engine, which shows them. `report`
 * hears of the model's warnings and of a failure.
 */
async function streamed(
  resolved: TResolvedModel,
  request: TTextRequest,
  progress: { text: string },
  report: { warned(warnings: unknown[]): void; failed(error: unknown): void },
): Promise<{ inputTokens: number; outputTokens: number }> {
  let usage = { inputTokens: 0, outputTokens: 0 };
  let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
  let done = false;
  try {
    const { stream } = await resolved.language().doStream({
      prompt: languagePrompt(request.system, request.prompt),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.maxTokens !== undefined ? { maxOutputTokens: request.maxTokens } : {}),
      abortSignal: request.signal,
    });
    reader = stream.getReader();
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      const part = next.value;
      if (part.type === 'text-delta') {
        progress.text += part.delta;
        request.onDelta(part.delta);
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'finish') {
        usage = {
          inputTokens: part.usage.inputTokens.total ?? 0,
          outputTokens: part.usage.outputTokens.total ?? 0,
        };
      } else if (part.type === 'stream-start' && part.warnings.length > 0) {
        report.warned(part.warnings);
      }
    }
    done = true;
    return usage;
  } catch (error) {
    // A stop or the node's time limit: its reason, as the engine tells them apart by it.
    if (request.signal.aborted) throw request.signal.reason ?? error;
    report.failed(error);
    throw error;
  } finally {
    // A stream left on an error would hold its connection until collected.
    if (reader && !done) reader.cancel().catch(() => undefined);
  }
}

/** A stop from the user cancels a call; the node's own time limit running out fails it. */
const isCancel = (signal: AbortSignal) =>
  signal.aborted && !(signal.reason instanceof NodeTimeoutError);

/**
 * Where a run's request-log rows go when they may be stored a moment later, together with its
 * progress events: the run stores them before it ends.
 */
export type TLogLater = (context: TCallContext, call: TModelCall) => void;

type TLogging = {
  log: TRequestLog;
  logLater: TLogLater | undefined;
  meter: TAdmission;
  attempts: TCallAttempts;
};

/**
 * Admits one model call against the quotas, runs it and writes the request-log row of this
 * attempt: succeeded, failed, or cancelled with the tokens streamed so far. A failure is rethrown
 * with the provider's status in its message (keeping its status and headers for the retries). A
 * refused call is not made, so it leaves no row. With a budget the row is stored before the call
 * returns, so the next call's admission counts its cost.
 */
async function logged<T>(
  { log, logLater, meter, attempts }: TLogging,
  context: TCallContext,
  call: {
    nodeId: string;
    modelId: string;
    resolved: TResolvedModel;
    prompt: string;
    signal: AbortSignal;
  },
  work: (progress: { text: string }) => Promise<TOutcome<T>>,
): Promise<T> {
  const { budgeted } = await meter.admit(context);
  const record = async (entry: TModelCall) => {
    if (logLater && !budgeted) logLater(context, entry);
    else await log(context, entry);
  };
  const attempt = attempts.next(call.nodeId);
  const started = performance.now();
  const progress = { text: '' };
  const row = {
    ...attempt,
    nodeId: call.nodeId,
    provider: call.resolved.provider,
    modelId: call.modelId,
    model: call.resolved.model,
    prompt: call.prompt,
  };
  try {
    const { value, ...outcome } = await work(progress);
    attempts.ended(call.nodeId, attempt, 'succeeded');
    await record({
      ...row,
      status: 'succeeded',
      latencyMs: performance.now() - started,
      ...outcome,
    });
    return value;
  } catch (error) {
    const cancelled = isCancel(call.signal);
    const status = cancelled ? 'cancelled' : 'failed';
    attempts.ended(call.nodeId, attempt, status);
    await record({
      ...row,
      status,
      latencyMs: performance.now() - started,
      // No provider reports the usage of a stream cut short; this is what it streamed.
      inputTokens: cancelled ? roughTokens(call.prompt) : 0,
      outputTokens: cancelled ? roughTokens(progress.text) : 0,
      response: progress.text || null,
      error: cancelled ? 'Cancelled' : describe(error),
    });
    throw Object.assign(error instanceof Error ? error : new Error(describe(error)), {
      message: describe(error),
    });
  }
}

/**
 * The engine's model calls for one run: every call goes to the resolved provider (or the echo
 * model) and leaves one request-log row per attempt.
 */
export function createModelCalls({
  resolver,
  log,
  logLater,
  meter,
  serverLog,
  saveFile,
  context,
}: {
  resolver: TModelResolver;
  log: TRequestLog;
  logLater?: TLogLater;
  meter: TAdmission;
  serverLog: FastifyBaseLogger;
  saveFile: TFileSaver;
  context: TCallContext;
}): TEngineServices['models'] {
  // The engine retries a node whose call failed: that node's next call is the next attempt.
  const attempts = callAttempts();
  return {
    async streamText(request: TTextRequest) {
      const resolved = await resolver.resolve(request.model, context.userId);
      const callContext = request.customAiId
        ? { ...context, customAiId: request.customAiId }
        : context;
      const call = {
        nodeId: request.nodeId,
        modelId: request.model,
        resolved,
        prompt: promptText(request.system, request.prompt),
        signal: request.signal,
      };
      const about = {
        runId: context.runId,
        nodeId: request.nodeId,
        provider: resolved.provider,
        model: resolved.model,
      };
      return logged({ log, logLater, meter, attempts }, callContext, call, async (progress) => {
        const usage = await streamed(resolved, request, progress, {
          warned: (warnings) => logModelWarnings(serverLog, about, warnings),
          failed: (error) => logModelError(serverLog, about)({ error }),
        });
        return { value: { text: progress.text }, ...usage, response: progress.text };
      });
    },

    async generateImage(request: TImageRequest) {
      const resolved = await resolver.resolve(request.model, context.userId);
      const call = {
        nodeId: request.nodeId,
        modelId: request.model,
        resolved,
        prompt: request.prompt,
        signal: request.signal,
      };
      return logged({ log, logLater, meter, attempts }, context, call, async () => {
        let bytes: Uint8Array;
        let mediaType = 'image/png';
        if (resolved.builtin) bytes = echoImage(request.prompt);
        else {
          const result = await generateImage({
            model: resolved.image(),
            prompt: request.prompt,
            size: request.size as `${number}x${number}`,
            abortSignal: request.signal,
            maxRetries: 0,
          });
          bytes = result.image.uint8Array;
          mediaType = result.image.mediaType || mediaType;
        }
        const stored = await saveFile(context.projectId, bytes, mediaType, context.userId);
        const inputTokens = resolved.builtin ? roughTokens(request.prompt) : 0;
        return { value: stored, inputTokens, outputTokens: 0, images: 1, response: stored.url };
      });
    },
  };
}
