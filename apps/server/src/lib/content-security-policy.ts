import { createHash } from 'node:crypto';

/** The hashes of the inline scripts of a page, as CSP source expressions. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content Security Policy of the app shell (`index.html`): scripts only from the app itself
 * (and the shell's own inline script, by hash), styles from itself plus the inline styles
 * PrimeReact sets, connections to itself and its realtime socket, pictures from itself and
 * from data: and blob: URLs, and no framing by any other page but `frameAncestors` (the sites
 * allowed to embed an app).
 */
export function appShellPolicy(
  indexHtml: string,
  publicUrl: string,
  frameAncestors: readonly string[] = [],
): string {
  const origin = new URL(publicUrl);
  const socketOrigin = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(indexHtml)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", origin.origin, socketOrigin],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': frameAncestors.length ? ["'self'", ...frameAncestors] : ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** The policy of every other answer (JSON, files): it loads nothing and is framed by nobody. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
