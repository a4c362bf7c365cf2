import { ZApiError, type TFieldError } from '@flowsmith/shared';

/** An error answered by the API, parsed from the `{error: {code, message, details}}` envelope. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: TFieldError[];

  constructor(status: number, code: string, message: string, details: TFieldError[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
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

/**
 * Builds the ApiError for a non-2xx response. A body that is not the envelope (a proxy's HTML
 * page, an empty 502) still gives a usable error keyed by status.
 */
export function apiErrorFromBody(status: number, statusText: string, body: unknown): ApiError {
  const parsed = ZApiError.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(status, code, message, details ?? []);
  }
  return new ApiError(
    status,
    status >= 500 ? 'internal_error' : 'http_error',
    statusText || 'Request failed',
  );
}
