import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import { Agent, type Dispatcher, fetch as undiciFetch, request } from 'undici';

// As many as `fetch` follows.
const MAX_REDIRECTS = 20;
// Statuses whose answer has no body (a `Response` may not be given one).
const NO_BODY = new Set([204, 205, 304]);

function requestHeaders(headers: RequestInit['headers']): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers || Array.isArray(headers))
    return Object.fromEntries(new Headers(headers));
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) plain[name] = typeof value === 'string' ? value : value.join(', ');
  return plain;
}

function responseHeaders(headers: Record<string, string | string[] | undefined>): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const one of value) result.append(name, one);
    else if (value !== undefined) result.append(name, value);
  }
  return result;
}

/**
 * `fetch` for calls whose body is text (a model provider's JSON requests), on undici's
 * `request`: the answer's bytes come as a Node stream wrapped once, without the request object,
 * body copies and abort signals `fetch` makes for each call, which cost a short model call more
 * CPU than its own work. Redirects are followed as `fetch` follows them, and a connection that
 * fails reads as `fetch`'s `TypeError('fetch failed')` with its cause, which clients (the AI SDK)
 * know to try again. Other bodies (forms, streams) go through undici's `fetch` on the same
 * dispatcher. Answers are not decompressed: none is asked for compressed.
 */
export function requestFetch(dispatcher: Dispatcher): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const { body, signal } = init;
    if (input instanceof Request || (body != null && typeof body !== 'string'))
      return undiciFetch(input as string, { ...(init as object), dispatcher });
    const headers = requestHeaders(init.headers);
    if (typeof body === 'string' && !Object.keys(headers).some((h) => /^content-type$/i.test(h)))
      headers['content-type'] = 'text/plain;charset=UTF-8';
    let answer: Dispatcher.ResponseData;
    try {
      answer = await request(input, {
        method: (init.method?.toUpperCase() ?? 'GET') as Dispatcher.HttpMethod,
        headers,
        body: body ?? null,
        signal: signal ?? undefined,
        maxRedirections: MAX_REDIRECTS,
        dispatcher,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new TypeError('fetch failed', { cause: error });
    }
    const status = answer.statusCode;
    if (NO_BODY.has(status)) await answer.body.dump();
    return new Response(
      NO_BODY.has(status) ? null : (Readable.toWeb(answer.body) as ReadableStream<Uint8Array>),
      {
        status,
        statusText: STATUS_CODES[status] ?? '',
        headers: responseHeaders(answer.headers),
      },
    );
  }) as typeof fetch;
}

let pooled: typeof fetch | undefined;

/**
 * `requestFetch` on a connection pool of its own (kept alive per origin). Not the global one:
 * once Node's own `fetch` has run, that is the undici bundled with Node, which on Node 24 is a
 * major version that refuses `maxRedirections`.
 */
export const pooledFetch = () => (pooled ??= requestFetch(new Agent()));
