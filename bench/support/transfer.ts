import { request } from 'node:http';

export type TEncoding = 'identity' | 'gzip' | 'br';

/**
 * The bytes of a response body as sent on the wire for one `Accept-Encoding`, read with
 * node:http so nothing decompresses it on the way.
 */
export function bodyBytes(url: string, encoding: TEncoding): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(bytes)
          : reject(new Error(`${url} answered ${response.statusCode}`)),
      );
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

export type TKind = 'js' | 'css' | 'font' | 'html' | 'other';

export function kindOf(url: string, resourceType: string): TKind {
  const pathname = new URL(url).pathname;
  if (resourceType === 'script' || pathname.endsWith('.js')) return 'js';
  if (resourceType === 'stylesheet' || pathname.endsWith('.css')) return 'css';
  if (resourceType === 'font' || /\.(woff2?|ttf|otf|eot)$/.test(pathname)) return 'font';
  if (resourceType === 'document') return 'html';
  return 'other';
}

export type TSizes = Record<TEncoding, number>;

/** The size of each resource in every encoding the server offers. */
export async function sizesOf(urls: string[]): Promise<Map<string, TSizes>> {
  const sizes = new Map<string, TSizes>();
  for (const url of urls) {
    const [identity, gzip, br] = await Promise.all(
      (['identity', 'gzip', 'br'] as const).map((encoding) => bodyBytes(url, encoding)),
    );
    sizes.set(url, { identity: identity!, gzip: gzip!, br: br! });
  }
  return sizes;
}
