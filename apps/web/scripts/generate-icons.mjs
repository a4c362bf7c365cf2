// Writes the PWA icons into public/icons with nothing but Node's zlib: a rounded indigo tile
// with a white three-node "flow" mark. Run: node apps/web/scripts/generate-icons.mjs
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const INDIGO = [79, 70, 229];
const WHITE = [255, 255, 255];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5, size);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dist = (ax, ay, bx, by) => Math.hypot(ax - bx, ay - by);
function segmentDist(px, py, ax, ay, bx, by) {
  const t = Math.max(
    0,
    Math.min(
      1,
      ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2),
    ),
  );
  return dist(px, py, ax + t * (bx - ax), ay + t * (by - ay));
}

/** The mark in unit coordinates (0..1), scaled into `inset` of the tile. */
function mark(u, v) {
  const nodes = [
    [0.5, 0.2],
    [0.22, 0.78],
    [0.78, 0.78],
  ];
  if (nodes.some(([x, y]) => dist(u, v, x, y) < 0.12)) return true;
  const edges = [
    [0, 1],
    [0, 2],
  ];
  return edges.some(([a, b]) => segmentDist(u, v, ...nodes[a], ...nodes[b]) < 0.035);
}

function tile({ maskable }) {
  return (x, y, size) => {
    // Maskable icons must keep the mark inside the 80 % safe zone and fill the whole square.
    const radius = maskable ? 0 : size * 0.22;
    const cx = Math.min(Math.max(x, radius), size - radius);
    const cy = Math.min(Math.max(y, radius), size - radius);
    const inside = dist(x, y, cx, cy) <= radius || radius === 0;
    if (!inside) return [0, 0, 0, 0];
    const inset = maskable ? 0.3 : 0.2;
    const u = (x / size - inset) / (1 - 2 * inset);
    const v = (y / size - inset) / (1 - 2 * inset);
    return u >= 0 && u <= 1 && v >= 0 && v <= 1 && mark(u, v) ? [...WHITE, 255] : [...INDIGO, 255];
  };
}

mkdirSync(outDir, { recursive: true });
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
];
for (const [name, size, maskable] of icons) {
  writeFileSync(join(outDir, name), png(size, tile({ maskable })));
  console.log(`wrote ${name}`);
}
