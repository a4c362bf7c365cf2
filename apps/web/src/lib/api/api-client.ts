import { getRealtimeSocket } from '../realtime/realtime-socket';
import { apiErrorFromBody, transportErrors } from './api-error';

export const DEFAULT_TIMEOUT_MS = 30_000;

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as the body itself, typed by its own `type` (instead of a JSON `body`). */
  file?: Blob;
  query?: Record<string, string | number | boolean | undefined>;
  /** Caller's own abort (e.g. TanStack Query's signal); combined with the timeout. */
  signal?: AbortSignal;
  timeoutMs?: number;
};

/** Base address from public runtime configuration; empty means same origin. */
export function apiBaseUrl(): string {
  return import.meta.env.VITE_API_URL ?? '';
}

function buildUrl(path: string, query: TRequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${apiBaseUrl()}${path}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Maps what `fetch` throws to the spec's three transport messages. The timeout signal aborts
 * with a `TimeoutError`; the caller's signal aborts with an `AbortError`; everything else
 * (DNS, refused connection, CORS) is a network error.
 */
function transportError(error: unknown, timeoutSignal: AbortSignal): Error {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'TimeoutError' || (timeoutSignal.aborted && name === 'AbortError')) {
    return new Error(transportErrors.timeout);
  }
  if (name === 'AbortError') return new Error(transportErrors.aborted);
  return new Error(transportErrors.network);
}

/** JSON request to the API. Resolves with the parsed body; rejects with ApiError or a transport Error. */
export async function apiRequest<T>(path: string, options: TRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, file, query, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  // Names this tab's realtime connection, so it can tell its own published changes from others'.
  const clientId = getRealtimeSocket()?.id;
  if (clientId) headers['X-Client-Id'] = clientId;

  let response: Response;
  let data: unknown;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      credentials: 'include',
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: signal ? AbortSignal.any([signal, timeoutSignal]) : timeoutSignal,
    });
    // The body is read inside the try: a timeout or abort can also land while it streams in.
    data = await readJson(response);
  } catch (error) {
    throw transportError(error, timeoutSignal);
  }

  if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, data);
  return data as T;
}
