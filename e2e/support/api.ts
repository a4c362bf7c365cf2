import type { APIRequestContext, APIResponse } from '@playwright/test';

const origins = new WeakMap<APIRequestContext, Promise<string>>();

/** The server's origin, as the request context's base URL resolves it. */
function originOf(request: APIRequestContext): Promise<string> {
  let origin = origins.get(request);
  if (!origin) {
    origin = request.get('/api/check').then((response) => new URL(response.url()).origin);
    origins.set(request, origin);
  }
  return origin;
}

/**
 * A POST as the app's own pages send it: with the app's origin, without which the server
 * refuses a change made with a session cookie (Playwright's request context sends none).
 */
export async function postFromApp(
  request: APIRequestContext,
  path: string,
  data: unknown,
): Promise<APIResponse> {
  return request.post(path, { data, headers: { origin: await originOf(request) } });
}
