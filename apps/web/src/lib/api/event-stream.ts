import { apiBaseUrl } from './api-client';
import { apiErrorFromBody, transportErrors } from './api-error';

/**
 * POSTs JSON and reads the Server-Sent Events of the answer, calling `onEvent` with each
 * `{type, ...data}` as it arrives. An error answer rejects with its ApiError.
 */
export async function postEventStream<T extends { type: string }>(
  path: string,
  body: unknown,
  onEvent: (event: T) => void,
  signal?: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      credentials: 'include',
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    throw new Error(transportErrors.network);
  }
  if (!response.ok || !response.body) {
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    throw apiErrorFromBody(response.status, response.statusText, parsed);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (type && data) onEvent({ type, ...(JSON.parse(data) as object) } as T);
    }
  }
}
