import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pooledFetch } from './request-fetch';

describe('requestFetch', () => {
  let server: Server;
  let base: string;
  const send = pooledFetch();

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (req.url === '/moved') {
          res.writeHead(307, { location: '/echo' });
          return res.end();
        }
        if (req.url === '/empty') {
          res.writeHead(204);
          return res.end();
        }
        if (req.url === '/hang') return;
        res.writeHead(req.url === '/missing' ? 404 : 200, {
          'content-type': 'application/json',
          'set-cookie': ['a=1', 'b=2'],
        });
        const answer = JSON.stringify({
          method: req.method,
          type: req.headers['content-type'],
          body,
        });
        // In two pieces, as a stream arrives.
        res.write(answer.slice(0, 5));
        res.end(answer.slice(5));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('posts a text body with its headers and reads the streamed answer', async () => {
    const response = await send(`${base}/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"q":1}',
    });
    expect(response.ok).toBe(true);
    expect(response.statusText).toBe('OK');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({
      method: 'POST',
      type: 'application/json',
      body: '{"q":1}',
    });
  });

  it('answers an error status as fetch does, and follows redirects', async () => {
    // Node's own fetch first: it installs Node's undici as the global pool, which must not matter.
    await (await fetch(`${base}/echo`)).text();
    const missing = await send(`${base}/missing`);
    expect([missing.ok, missing.status, missing.statusText]).toEqual([false, 404, 'Not Found']);
    await missing.text();
    const moved = await send(`${base}/moved`, { method: 'POST', body: 'hi' });
    expect(await moved.json()).toMatchObject({ method: 'POST', body: 'hi', type: /text\/plain/ });
    const empty = await send(`${base}/empty`, { method: 'DELETE' });
    expect([empty.status, empty.body]).toEqual([204, null]);
  });

  it('fails a connection as fetch does, and an abort with its reason', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await send(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TypeError);
    expect(refused).toMatchObject({ message: 'fetch failed', cause: expect.any(Error) });

    const reason = new Error('Stopped');
    const controller = new AbortController();
    const pending = send(`${base}/hang`, { signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
