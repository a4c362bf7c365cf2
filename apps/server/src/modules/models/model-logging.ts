import type { FastifyBaseLogger } from 'fastify';

const MAX_MESSAGE = 300;

/**
 * What the server log may say about a failed model call. The AI SDK's errors carry the request
 * body (the prompt) and the response body; the request-log row is where a call's content is
 * kept, for the people who may see it. The log gets the kind, status and a short message.
 */
export function modelErrorSummary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error).slice(0, MAX_MESSAGE) };
  const { statusCode, url } = error as { statusCode?: number; url?: string };
  return {
    type: error.name,
    message: error.message.slice(0, MAX_MESSAGE),
    ...(statusCode ? { statusCode } : {}),
    // The address without its query, where some providers take a key.
    ...(url ? { url: url.split('?')[0] } : {}),
  };
}

/** An `onError` for the AI SDK's streaming calls, which otherwise print the whole error. */
export function logModelError(log: FastifyBaseLogger, call: Record<string, unknown>) {
  return ({ error }: { error: unknown }) => {
    log.warn({ ...call, error: modelErrorSummary(error) }, 'model call failed');
  };
}

/** A model's warnings about a call (a setting it ignores, say), for the server log. */
export function logModelWarnings(
  log: FastifyBaseLogger,
  call: Record<string, unknown>,
  warnings: unknown[],
) {
  log.warn({ ...call, warnings }, 'model warning');
}

/** Sends the AI SDK's warnings to the server log. */
export function logAiSdkWarnings(log: FastifyBaseLogger): void {
  globalThis.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }) => {
    logModelWarnings(log, { provider, model }, warnings);
  };
}
