import type { IncomingHttpHeaders } from 'node:http';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request may change state (and so must be checked for cross-site forgery). */
export const changesState = (method: string) => !SAFE_METHODS.has(method.toUpperCase());

function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Where a browser says a request comes from: its `Origin`, or when that is missing the origin of
 * its `Referer`. `null` when a header is there but names no origin (`Origin: null` from a
 * sandboxed frame, a garbled value); undefined when neither header is sent.
 */
export function requestOrigin(headers: IncomingHttpHeaders): string | null | undefined {
  const origin = headers.origin;
  if (origin !== undefined) return originOf(origin) ?? null;
  const referer = headers.referer;
  if (referer !== undefined) return originOf(referer) ?? null;
  return undefined;
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * Whether two origins are the same server: equal, or the same port of this machine under
 * another loopback name (localhost, 127.0.0.1, [::1]), as a person opening the app may type.
 */
function sameServer(origin: string, appOrigin: string): boolean {
  if (origin === appOrigin) return true;
  const [a, b] = [new URL(origin), new URL(appOrigin)];
  return (
    a.protocol === b.protocol &&
    a.port === b.port &&
    isLoopback(a.hostname) &&
    isLoopback(b.hostname)
  );
}

/** Why a request did not come from the app's own origin, or undefined when it did. */
export function foreignOriginProblem(
  headers: IncomingHttpHeaders,
  appOrigin: string,
  { required }: { required: boolean },
): string | undefined {
  const origin = requestOrigin(headers);
  if (origin === undefined) {
    return required
      ? 'This request must come from the Flowsmith app: it carries neither an Origin nor a Referer header'
      : undefined;
  }
  if (origin !== null && sameServer(origin, appOrigin)) return undefined;
  return `This request comes from ${origin ?? 'an unnamed origin'}, not from the Flowsmith app at ${appOrigin}; requests that change data are accepted only from the app itself (PUBLIC_URL) or with an API key`;
}
