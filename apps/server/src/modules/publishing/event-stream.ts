import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers with Server-Sent Events: each `{type, ...data}` as `event: type` and JSON data. The
 * abort signal given to `events` fires when the client goes away.
 */
export async function sendEventStream<T extends { type: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  events: (signal: AbortSignal) => AsyncIterable<T>,
) {
  const gone = new AbortController();
  // The response closes when the connection does; the request may have closed already, once
  // its body was read.
  reply.raw.on('close', () => gone.abort());
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-content-type-options': 'nosniff',
    'x-accel-buffering': 'no',
  });
  try {
    for await (const { type, ...data } of events(gone.signal)) {
      if (gone.signal.aborted) break;
      reply.raw.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    }
  } catch (error) {
    request.log.error({ err: error }, 'a run stream failed');
    reply.raw.write(
      `event: error\ndata: ${JSON.stringify({ message: 'The run stream failed' })}\n\n`,
    );
  } finally {
    gone.abort();
    reply.raw.end();
  }
}
