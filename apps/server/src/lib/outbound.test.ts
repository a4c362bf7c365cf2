import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundFetch, isPrivateAddress, outboundUrlProblem, UNREACHABLE } from './outbound';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '[::1]',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('outboundUrlProblem', () => {
  it('refuses local and private hosts by their URL, unless private addresses are allowed', () => {
    for (const url of [
      'http://127.0.0.1:11434/v1',
      'http://localhost:8080',
      'http://api.localhost/v1',
      'http://[::1]:80',
      'http://169.254.169.254/latest/meta-data',
      'http://0x7f000001/',
    ])
      expect(outboundUrlProblem(url, false), url).toMatch(/ALLOW_PRIVATE_PROVIDER_URLS/);
    expect(outboundUrlProblem('https://api.openai.com/v1', false)).toBeUndefined();
    expect(outboundUrlProblem('http://127.0.0.1:11434/v1', true)).toBeUndefined();
    expect(outboundUrlProblem('ftp://example.com', true)).toBe('Must be an http(s) URL');
  });
});

describe('createOutboundFetch', () => {
  let port = 0;
  let hits = 0;
  const server = createServer((req, res) => {
    hits += 1;
    if (req.url === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/ok` }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const failure = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return error as TypeError & { cause: Error };
    }
    throw new Error('expected the request to fail');
  };

  it('refuses a server on this machine, by address and by a name that resolves to it, without connecting', async () => {
    const guarded = createOutboundFetch({ allowPrivate: false });
    const before = hits;
    for (const url of [`http://127.0.0.1:${port}/ok`, `http://localhost:${port}/ok`]) {
      const error = await failure(guarded(url));
      expect(error, url).toBeInstanceOf(TypeError);
      expect(error.cause.message, url).toBe(UNREACHABLE);
    }
    expect(hits).toBe(before);
  });

  it('answers a closed port exactly as a refused address, so it cannot scan ports', async () => {
    const allowed = createOutboundFetch({ allowPrivate: true });
    const closed = await failure(allowed('http://127.0.0.1:1/'));
    expect(closed.cause.message).toBe(UNREACHABLE);
  });

  it('reaches private addresses when they are allowed, redirects included', async () => {
    const allowed = createOutboundFetch({ allowPrivate: true });
    const response = await allowed(`http://localhost:${port}/redirect`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
  });
});
