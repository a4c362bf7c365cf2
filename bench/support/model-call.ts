import { pooledFetch } from '../../apps/server/src/lib/request-fetch';

/**
 * One streamed chat completion from an OpenAI-compatible server, as a node asks for it (with
 * the token usage at its end) and with the same HTTP client, read as it arrives: each event
 * parsed, the answer put together. What a node's call costs above this is the AI SDK's.
 */
export async function streamedChat(baseUrl: string, model: string, content: string) {
  const response = await pooledFetch()(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content }],
    }),
  });
  const decoder = new TextDecoder();
  let buffered = '';
  let text = '';
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const data = buffered.slice(0, end).replace(/^data: /, '');
      buffered = buffered.slice(end + 2);
      if (data === '[DONE]') continue;
      const chunk = JSON.parse(data) as { choices: Array<{ delta?: { content?: string } }> };
      text += chunk.choices[0]?.delta?.content ?? '';
    }
  }
  if (!text) throw new Error('The model answered nothing');
}
