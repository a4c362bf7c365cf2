import { isIP } from 'node:net';

/** Which proxies may set `X-Forwarded-For`: none, the nearest `n` hops, or these addresses. */
export type TTrustProxy = false | number | string[];

// Named ranges that Fastify (proxy-addr) understands besides addresses and CIDR ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: unset (or `false`, `0`) trusts no proxy, so the client address is the
 * connection's and nobody can pick their own by sending `X-Forwarded-For`; a whole number
 * trusts that many proxy hops; otherwise a comma-separated list of proxy addresses and CIDR
 * ranges. Answers the setting, or the problem with the value.
 */
export function parseTrustProxy(
  raw: string | undefined,
): { value: TTrustProxy } | { problem: string } {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return { value: false };
  if (/^\d+$/.test(value)) return { value: Number(value) };
  if (value === 'true') {
    return {
      problem:
        'must be a hop count or a list of proxy addresses: true would let any client choose its address with X-Forwarded-For',
    };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0 || entries.length === 0) {
    return {
      problem: `must be a hop count (e.g. 1) or a comma-separated list of proxy addresses and CIDR ranges (e.g. 10.0.0.5,192.168.0.0/16); not an address: ${bad.join(', ')}`,
    };
  }
  return { value: entries };
}

/**
 * Fastify's `trustProxy` for a setting. A hop count becomes a function: Fastify refuses plain
 * numbers, because it cannot tell the proxy from a client that reaches the server directly, so
 * it is for servers that only the proxy can reach (the README says so).
 */
export function fastifyTrustProxy(
  setting: TTrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
