import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function mockFetch(impl: (...args: Parameters<typeof fetch>) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON with credentials and returns the parsed body', async () => {
    const fetchMock = mockFetch(async () => jsonResponse(200, { ok: 1 }));
    await expect(
      apiRequest('/api/things', {
        method: 'POST',
        body: { a: 1 },
        query: { page: 2, q: undefined },
      }),
    ).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things?page=2');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends a file as the body itself, typed by its own type', async () => {
    const fetchMock = mockFetch(async () => jsonResponse(200, { ok: 1 }));
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await apiRequest('/api/account/avatar', { method: 'PUT', file });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBe(file);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('image/png');
  });

  it('resolves undefined for an empty 204', async () => {
    mockFetch(async () => new Response(null, { status: 204 }));
    await expect(apiRequest('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('throws a typed ApiError from the error envelope, details included', async () => {
    mockFetch(async () =>
      jsonResponse(400, {
        error: {
          code: 'validation_error',
          message: 'Invalid body',
          details: [{ field: 'email', message: 'Enter a valid e-mail address' }],
        },
      }),
    );
    const error = await apiRequest('/api/auth/register').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'Invalid body',
      details: [{ field: 'email', message: 'Enter a valid e-mail address' }],
    });
  });

  it('still gives an ApiError when the body is not the envelope', async () => {
    mockFetch(
      async () =>
        new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(apiRequest('/api/check')).rejects.toMatchObject({
      status: 502,
      code: 'internal_error',
      message: 'Bad Gateway',
      details: [],
    });
  });

  it.each([
    [new TypeError('fetch failed'), 'Network Error'],
    [new DOMException('The operation was aborted.', 'AbortError'), 'request aborted'],
    [new DOMException('The operation timed out.', 'TimeoutError'), 'timeout exceeded'],
  ])('maps transport failure %s to "%s"', async (thrown, message) => {
    mockFetch(async () => {
      throw thrown;
    });
    const error = await apiRequest('/api/check').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(message);
  });

  it('reports a real timeout as "timeout exceeded"', async () => {
    mockFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    await expect(apiRequest('/api/slow', { timeoutMs: 10 })).rejects.toThrow('timeout exceeded');
  });

  it('reports the caller aborting as "request aborted"', async () => {
    mockFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const controller = new AbortController();
    const pending = apiRequest('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('request aborted');
  });
});
