import { readdir, readFile, rename, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files the server may send compressed. Images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/** Writes `.br` and `.gz` next to a file, each only if it is smaller than the file itself. */
async function compress(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  await Promise.all([
    br.length < source.length ? writeFile(`${file}.br`, br) : undefined,
    gz.length < source.length ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/**
 * After the build (and after the service worker is generated): moves the source maps out of
 * the served folder into `sourcemapsDir`, so they are kept for debugging but never served,
 * and precompresses every text file with brotli and gzip, so the server sends them compressed
 * without compressing on each request.
 */
export function precompressPlugin({ sourcemapsDir }: { sourcemapsDir: string }): Plugin {
  let outDir = '';
  let logger: { info(message: string): void } = console;
  return {
    name: 'flowsmith:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const files = await filesUnder(outDir);
        await rm(sourcemapsDir, { recursive: true, force: true });
        await mkdir(sourcemapsDir, { recursive: true });
        await Promise.all(
          files
            .filter((file) => file.endsWith('.map'))
            .map((file) => rename(file, path.join(sourcemapsDir, path.basename(file)))),
        );
        const texts = files.filter((file) => TEXT.test(file));
        await Promise.all(texts.map(compress));
        const sizes = await Promise.all(texts.map((file) => stat(file).then((s) => s.size)));
        const total = sizes.reduce((sum, size) => sum + size, 0);
        logger.info(
          `precompressed ${texts.length} files (${(total / 1024).toFixed(0)} KiB) with brotli and gzip`,
        );
      },
    },
  };
}
