import { generateImage, streamText } from 'ai';
import type { TEngineServices, TImageRequest, TTextRequest } from '@flowsmith/engine';
import { echoImage, echoTokens } from './echo-model';
import type { TModelResolver } from './model-resolver';
import type { TCallContext, TRequestLog } from './request-log';

export type TFileSaver = (
  projectId: string,
  bytes: Uint8Array,
  mediaType: string,
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

/**
 * The engine's model calls for one run or chat: every call goes to the resolved provider (or the
 * echo model) and leaves one request-log row, success or failure.
 */
export function createModelCalls({
  resolver,
  log,
  saveFile,
  context,
}: {
  resolver: TModelResolver;
  log: TRequestLog;
  saveFile: TFileSaver;
  context: TCallContext;
}): TEngineServices['models'] {
  return {
    async streamText(request: TTextRequest) {
      const started = performance.now();
      const callContext = request.customAiId
        ? { ...context, customAiId: request.customAiId }
        : context;
      const resolved = await resolver.resolve(request.model, context.userId);
      let text = '';
      try {
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
        });
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') {
            text += part.text;
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
        await log(callContext, {
          nodeId: request.nodeId,
          provider: resolved.provider,
          modelId: request.model,
          model: resolved.model,
          status: 'succeeded',
          latencyMs: performance.now() - started,
          ...usage,
          prompt: promptText(request.system, request.prompt),
          response: text,
        });
        return { text };
      } catch (error) {
        await log(callContext, {
          nodeId: request.nodeId,
          provider: resolved.provider,
          modelId: request.model,
          model: resolved.model,
          status: 'failed',
          latencyMs: performance.now() - started,
          inputTokens: 0,
          outputTokens: 0,
          prompt: promptText(request.system, request.prompt),
          response: text || null,
          error: describe(error),
        });
        throw Object.assign(error instanceof Error ? error : new Error(describe(error)), {
          message: describe(error),
        });
      }
    },

    async generateImage(request: TImageRequest) {
      const started = performance.now();
      const resolved = await resolver.resolve(request.model, context.userId);
      try {
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
        const stored = await saveFile(context.projectId, bytes, mediaType);
        await log(context, {
          nodeId: request.nodeId,
          provider: resolved.provider,
          modelId: request.model,
          model: resolved.model,
          status: 'succeeded',
          latencyMs: performance.now() - started,
          inputTokens: resolved.builtin ? echoTokens(request.prompt) : 0,
          outputTokens: 0,
          images: 1,
          prompt: request.prompt,
          response: stored.url,
        });
        return stored;
      } catch (error) {
        await log(context, {
          nodeId: request.nodeId,
          provider: resolved.provider,
          modelId: request.model,
          model: resolved.model,
          status: 'failed',
          latencyMs: performance.now() - started,
          inputTokens: 0,
          outputTokens: 0,
          prompt: request.prompt,
          error: describe(error),
        });
        throw Object.assign(error instanceof Error ? error : new Error(describe(error)), {
          message: describe(error),
        });
      }
    },
  };
}
