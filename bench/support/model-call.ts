/** One streamed chat completion from an OpenAI-compatible server, read to its end. */
export async function streamedChat(baseUrl: string, model: string, content: string) {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content }] }),
  });
  await response.text();
}
