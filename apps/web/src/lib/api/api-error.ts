import type { TApiError, TFieldError } from '@flowsmith/shared';

/** An error answered by the API, parsed from the `{error: {code, message, details}}` envelope. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: TFieldError[];
  /** With `conflict` from a stale write: the row as it is now. */
  readonly current: unknown;

  constructor(
    status: number,
    code: string,
    message: string,
    details: TFieldError[] = [],
    current?: unknown,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.current = current;
  }
}

/** The messages of transport failures, kept word for word from the product spec. */
export const transportErrors = {
  network: 'Network Error',
  aborted: 'request aborted',
  timeout: 'timeout exceeded',
} as const;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for 4xx answers: retrying them cannot help. */
export function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

const isText = (value: unknown): value is string => typeof value === 'string';

const isFieldError = (value: unknown): value is TFieldError =>
  typeof value === 'object' &&
  value !== null &&
  isText((value as TFieldError).field) &&
  isText((value as TFieldError).message);

/**
 * Whether a body is the API's error envelope (`ZApiError`). Checked by hand: the client must
 * not load zod on every page just to read errors.
 */
function isEnvelope(body: unknown): body is TApiError {
  const error = (body as TApiError | null)?.error as TApiError['error'] | undefined;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, details } = error;
  return (
    isText(code) &&
    isText(message) &&
    (details === undefined || (Array.isArray(details) && details.every(isFieldError)))
  );
}

/**
 * Builds the ApiError for a non-2xx response. A body that is not the envelope (a proxy's HTML
 * page, an empty 502) still gives a usable error keyed by status.
 */
export function apiErrorFromBody(status: number, statusText: string, body: unknown): ApiError {
  if (isEnvelope(body)) {
    const { code, message, details, current } = body.error;
    return new ApiError(status, code, message, details ?? [], current);
  }
  return new ApiError(
    status,
    status >= 500 ? 'internal_error' : 'http_error',
    statusText || 'Request failed',
  );
}
