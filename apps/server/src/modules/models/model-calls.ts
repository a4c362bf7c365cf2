import { generateImage, streamText } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { TEngineServices, TImageRequest, TTextRequest } from '@flowsmith/engine';
import { echoImage, echoTokens } from './echo-model';
import { logModelError } from './model-logging';
import type { TModelResolver, TResolvedModel } from './model-resolver';
import type { TCallContext, TRequestLog } from './request-log';

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

type TOutcome<T> = {
  value: T;
  inputTokens: number;
  outputTokens: number;
  response: string;
  images?: number;
};

/**
 * Runs one model call and writes its request-log row, success or failure; a failure is rethrown
 * with the provider's status in its message (keeping its status and headers for the retries).
 */
async function logged<T>(
  log: TRequestLog,
  context: TCallContext,
  call: { nodeId: string; modelId: string; resolved: TResolvedModel; prompt: string },
  work: (progress: { text: string }) => Promise<TOutcome<T>>,
): Promise<T> {
  const started = performance.now();
  const progress = { text: '' };
  const row = {
    nodeId: call.nodeId,
    provider: call.resolved.provider,
    modelId: call.modelId,
    model: call.resolved.model,
    prompt: call.prompt,
  };
  try {
    const { value, ...outcome } = await work(progress);
    await log(context, {
      ...row,
      status: 'succeeded',
      latencyMs: performance.now() - started,
      ...outcome,
    });
    return value;
  } catch (error) {
    await log(context, {
      ...row,
      status: 'failed',
      latencyMs: performance.now() - started,
      inputTokens: 0,
      outputTokens: 0,
      response: progress.text || null,
      error: describe(error),
    });
    throw Object.assign(error instanceof Error ? error : new Error(describe(error)), {
      message: describe(error),
    });
  }
}

/**
 * The engine's model calls for one run: every call goes to the resolved provider (or the echo
 * model) and leaves one request-log row, success or failure.
 */
export function createModelCalls({
  resolver,
  log,
  serverLog,
  saveFile,
  context,
}: {
  resolver: TModelResolver;
  log: TRequestLog;
  serverLog: FastifyBaseLogger;
  saveFile: TFileSaver;
  context: TCallContext;
}): TEngineServices['models'] {
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
      };
      return logged(log, callContext, call, async (progress) => {
        let usage = { inputTokens: 0, outputTokens: 0 };
        const result = streamText({
          model: resolved.language(),
          ...(request.system ? { system: request.system } : {}),
          prompt: request.prompt,
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          ...(request.maxTokens !== undefined ? { maxOutputTokens: request.maxTokens } : {}),
          abortSignal: request.signal,
          // Retries belong to the engine, which shows them on the node.
          maxRetries: 0,
          onError: logModelError(serverLog, {
            runId: context.runId,
            nodeId: request.nodeId,
            provider: resolved.provider,
            model: resolved.model,
          }),
        });
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') {
            progress.text += part.text;
            request.onDelta(part.text);
          } else if (part.type === 'error') {
            throw part.error;
          } else if (part.type === 'abort') {
            throw request.signal.reason ?? new Error('Aborted');
          } else if (part.type === 'finish') {
            usage = {
              inputTokens: part.totalUsage.inputTokens ?? 0,
              outputTokens: part.totalUsage.outputTokens ?? 0,
            };
          }
        }
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
      };
      return logged(log, context, call, async () => {
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
        const inputTokens = resolved.builtin ? echoTokens(request.prompt) : 0;
        return { value: stored, inputTokens, outputTokens: 0, images: 1, response: stored.url };
      });
    },
  };
}
