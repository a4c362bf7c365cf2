import type { TRetryOptions } from './run-types';

/** An error a node implementation throws when it gave up waiting. */
export class NodeTimeoutError extends Error {
  /** The limit as people read it: `20 ms`, `60 s`. */
  readonly limit: string;
  constructor(readonly ms: number) {
    const limit = ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
    super(`Timed out after ${limit}`);
    this.name = 'NodeTimeoutError';
    this.limit = limit;
  }
}

type TErrorLike = {
  name?: string;
  statusCode?: number;
  status?: number;
  isRetryable?: boolean;
  responseHeaders?: Record<string, string | undefined>;
  cause?: unknown;
};

function statusOf(error: TErrorLike): number | undefined {
  return error.statusCode ?? error.status;
}

/** Worth another try: rate limits, server errors and timeouts. */
export function isRetryable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as TErrorLike;
  if (e.name === 'NodeTimeoutError' || e.name === 'TimeoutError') return true;
  const status = statusOf(e);
  if (status !== undefined) return status === 408 || status === 429 || status >= 500;
  if (e.isRetryable !== undefined) return e.isRetryable;
  return e.cause ? isRetryable(e.cause) : false;
}

/** The wait a server asked for in Retry-After (seconds or an HTTP date), if any. */
export function retryAfterMs(error: unknown, now = Date.now()): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as TErrorLike;
  const header = e.responseHeaders?.['retry-after'] ?? e.responseHeaders?.['Retry-After'];
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  return e.cause ? retryAfterMs(e.cause, now) : undefined;
}

/**
 * Exponential backoff with full jitter, never less than what the server asked for, and never
 * more than the cap.
 */
export function retryDelayMs(
  attempt: number,
  options: TRetryOptions,
  random: () => number,
  askedMs?: number,
): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.round(ceiling / 2 + (random() * ceiling) / 2);
  return Math.min(options.maxDelayMs, Math.max(jittered, askedMs ?? 0));
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
