import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { requestFetch } from './request-fetch';

/** What a caller is told whenever a user-given URL cannot be reached, whatever the cause. */
export const UNREACHABLE = 'Could not reach the provider';

// Addresses a user-given URL may not lead the server to: its own machine, private networks,
// link-local ones (with the cloud metadata service at 169.254.169.254), and reserved ranges.
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address carried inside an IPv6 one (`::ffff:10.0.0.1`, NAT64 `64:ff9b::a00:1`). */
function embeddedIpv4(address: string): string | undefined {
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is on this machine, a private or link-local network, or reserved. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return blocked.check(bare, 'ipv4');
  if (version !== 6) return true;
  const ipv4 = embeddedIpv4(bare);
  return ipv4 !== undefined ? blocked.check(ipv4, 'ipv4') : blocked.check(bare, 'ipv6');
}

/**
 * Why the server may not call a user-given URL, judged from the URL alone (no DNS), or
 * undefined: for a clear answer when the URL is saved. The connection is checked again, after
 * DNS, by `createOutboundFetch`.
 */
export function outboundUrlProblem(url: string, allowPrivate: boolean): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Must be a URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'Must be an http(s) URL';
  if (allowPrivate) return undefined;
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (local || (isIP(host) !== 0 && isPrivateAddress(host))) {
    return 'This server does not call private, local or link-local addresses (the administrator can allow them with ALLOW_PRIVATE_PROVIDER_URLS)';
  }
  return undefined;
}

class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} is a private address`);
    this.name = 'PrivateAddressError';
  }
}

type TLookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** DNS lookup that fails when any address of the name is private: the socket connects to what it answers. */
function publicOnlyLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: TLookupCallback,
) {
  const family =
    options.family === 'IPv6' || options.family === 6
      ? 6
      : options.family === 'IPv4' || options.family === 4
        ? 4
        : 0;
  dnsLookup(hostname, { all: true, family }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
      return callback(new PrivateAddressError(hostname), []);
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** An agent that connects only where `createOutboundFetch` may go. */
function checkedAgent(allowPrivate: boolean): Agent {
  const connect = buildConnector(allowPrivate ? {} : { lookup: publicOnlyLookup });
  return new Agent({
    connect(options, callback) {
      // A literal address is connected to without any lookup: check it here.
      if (!allowPrivate && isIP(options.hostname.replace(/^\[|\]$/g, '')) !== 0) {
        if (isPrivateAddress(options.hostname))
          return callback(new PrivateAddressError(options.hostname), null);
      }
      return connect(options, callback);
    },
  });
}

/**
 * `fetch` for URLs that users give (provider base URLs, later MCP servers). Unless private
 * addresses are allowed, a connection goes only to a public address: every address a name
 * resolves to is checked, and the socket connects to the checked address itself, so a DNS
 * answer that changes between check and connect (rebinding) gains nothing; redirects are
 * checked the same way. Any failure to connect reads `UNREACHABLE`, so the caller cannot
 * probe which hosts and ports exist. `forModels`: a `requestFetch`, lighter for the model
 * providers' JSON calls.
 */
export function createOutboundFetch({
  allowPrivate,
  forModels = false,
}: {
  allowPrivate: boolean;
  forModels?: boolean;
}): typeof fetch {
  const agent = checkedAgent(allowPrivate);
  const send = forModels
    ? requestFetch(agent)
    : (input: string | URL | Request, init?: RequestInit) =>
        undiciFetch(input as string, { ...(init as object), dispatcher: agent });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    try {
      return await send(input, init);
    } catch (error) {
      if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
        throw error;
      // The shape of a network failure, which callers (the AI SDK) know how to read.
      throw new TypeError('fetch failed', { cause: new Error(UNREACHABLE) });
    }
  }) as typeof fetch;
}
