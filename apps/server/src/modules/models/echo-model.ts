import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * The built-in offline model: it answers with the prompt it was given, streamed word by word,
 * so workflows can be built and tried without any AI provider.
 */
export async function* echoText(prompt: string, signal: AbortSignal): AsyncGenerator<string> {
  const reply = `Echo: ${prompt}`;
  for (const piece of reply.match(/\S+\s*|\s+/g) ?? []) {
    if (signal.aborted) throw signal.reason;
    await new Promise((resolve) => setTimeout(resolve, 5));
    yield piece;
  }
}

/**
 * Rough token count, about four characters a token: the echo model's usage, and what a stopped
 * stream used, which no provider reports.
 */
export const roughTokens = (text: string) => Math.ceil(text.length / 4);

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * The echo model's picture: a 64×64 PNG whose two-colour gradient is derived from the prompt,
 * so the same prompt always gives the same picture.
 */
export function echoImage(prompt: string): Uint8Array {
  const hash = createHash('sha256').update(prompt).digest();
  const size = 64;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * (size - 1));
      for (let c = 0; c < 3; c++)
        row[1 + x * 3 + c] = Math.round(hash[c]! * (1 - t) + hash[c + 3]! * t);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
