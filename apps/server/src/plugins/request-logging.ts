import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// Requests whose failure the error handler has logged already, with its error.
const failuresLogged = new WeakSet<FastifyRequest>();

export function markFailureLogged(request: FastifyRequest): void {
  failuresLogged.add(request);
}

/** Health checks, the web app's files and its shell: routine, logged only at debug level. */
function isRoutine(url: string): boolean {
  const api = ['/api/', '/v1/', '/mcp/'].some((prefix) => url.startsWith(prefix));
  return !api || url === '/api/check' || url.startsWith('/api/check?');
}

/**
 * One log line per request, when it is answered: `info` for API calls, `debug` for routine
 * requests, `error` for server errors (unless the error handler has logged the error itself).
 * Fastify's own pair of lines ("incoming request", "request completed") is not written.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const { statusCode } = reply;
    if (statusCode >= 500 && !error && failuresLogged.has(request)) return;
    const level = error || statusCode >= 500 ? 'error' : isRoutine(request.url) ? 'debug' : 'info';
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    reply.log[level](
      {
        method: request.method,
        url: request.url,
        statusCode,
        responseTime,
        ...(error ? { err: error } : {}),
      },
      `${request.method} ${request.url} ${statusCode} ${responseTime} ms`,
    );
  }
}
