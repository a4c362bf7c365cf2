import { describe, expect, it, vi } from 'vitest';
import { request, type TAckEmitter } from './realtime-request';

/** A fake socket whose ack is whatever `reply` returns, honouring the timeout like Socket.IO. */
function fakeSocket(reply: (event: string, args: unknown[]) => Promise<unknown>) {
  const timeout = vi.fn((ms: number) => ({
    emitWithAck: (event: string, ...args: unknown[]) =>
      Promise.race([
        reply(event, args),
        new Promise((_resolve, reject) =>
          setTimeout(() => reject(new Error('operation has timed out')), ms),
        ),
      ]),
  }));
  return { timeout } satisfies TAckEmitter;
}

describe('realtime request', () => {
  it('resolves with the data of an ok ack', async () => {
    const socket = fakeSocket(async (event, args) => ({ ok: true, data: { event, args } }));
    await expect(request(socket, 'subscribe', ['project:1'], { timeoutMs: 500 })).resolves.toEqual({
      event: 'subscribe',
      args: ['project:1'],
    });
    expect(socket.timeout).toHaveBeenCalledWith(500);
  });

  it('rejects with the error of a failed ack', async () => {
    const socket = fakeSocket(async () => ({
      ok: false,
      error: { code: 'forbidden', message: 'No access' },
    }));
    await expect(request(socket, 'subscribe', ['project:2'])).rejects.toMatchObject({
      code: 'forbidden',
      message: 'No access',
    });
  });

  it('rejects with exactly {code: timeout, message: timeout} when no ack comes', async () => {
    vi.useFakeTimers();
    const socket = fakeSocket(() => new Promise(() => {}));
    const pending = request(socket, 'ping', [], { timeoutMs: 1000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const error = (await pending) as { code: string; message: string };
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'timeout',
      message: 'timeout',
    });
    vi.useRealTimers();
  });
});
