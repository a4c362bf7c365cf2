import { REALTIME_TIMEOUT_ERROR, type TAck, type TRealtimeError } from '@flowsmith/shared';

export const DEFAULT_REALTIME_TIMEOUT_MS = 10_000;

/** The slice of a Socket.IO socket `request` uses, so tests can pass a fake. */
export type TAckEmitter = {
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
};

export type TRequestOptions = { timeoutMs?: number };

/** Rejection value of a failed request: always `{code, message}`. */
export class RealtimeRequestError extends Error implements TRealtimeError {
  override readonly name = 'RealtimeRequestError';
  readonly code: string;
  constructor({ code, message }: TRealtimeError) {
    super(message);
    this.code = code;
  }
}

function isAck(value: unknown): value is TAck<unknown> {
  return typeof value === 'object' && value !== null && 'ok' in value;
}

/**
 * Emits `event` and waits for the server's ack. Resolves with `data` of an `{ok: true}` ack;
 * rejects with `{code, message}` for an `{ok: false}` ack, and with exactly
 * `{code: 'timeout', message: 'timeout'}` when no ack arrives in time.
 */
export async function request<T>(
  socket: TAckEmitter,
  event: string,
  args: unknown[] = [],
  { timeoutMs = DEFAULT_REALTIME_TIMEOUT_MS }: TRequestOptions = {},
): Promise<T> {
  let reply: unknown;
  try {
    reply = await socket.timeout(timeoutMs).emitWithAck(event, ...args);
  } catch {
    // Socket.IO rejects emitWithAck only for the timeout ("operation has timed out").
    throw new RealtimeRequestError(REALTIME_TIMEOUT_ERROR);
  }
  if (!isAck(reply))
    throw new RealtimeRequestError({ code: 'bad_reply', message: 'Malformed reply' });
  if (!reply.ok) throw new RealtimeRequestError(reply.error);
  return reply.data as T;
}
