import { constants, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { serverDir } from '../paths';

/** Where the build writes the template of a new embedded database (see pglite-template.ts). */
export const PGLITE_TEMPLATE = path.join(serverDir, 'dist', 'pglite-template');

/** Whether `dir` holds a PostgreSQL data folder. */
export const isDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

const COPY_LANES = 2;

/**
 * Copies a folder of plain files and folders, one copy call per file (`fs.cp` adds a stat, a
 * chmod and a sequential walk per file, which a fixed, trusted template does not need).
 *
 * Only a few copies are under way at once: they run on libuv's four threads, which also read
 * the modules the server loads meanwhile, and hundreds of queued copies would hold those reads
 * back until the copy is done.
 */
export async function copyFolder(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { withFileTypes: true, recursive: true });
  await mkdir(to, { recursive: true });
  const relative = (entry: (typeof entries)[number]) =>
    path.relative(from, path.join(entry.parentPath, entry.name));
  for (const entry of entries) {
    if (entry.isDirectory()) await mkdir(path.join(to, relative(entry)), { recursive: true });
  }
  const files = entries.filter((entry) => !entry.isDirectory()).map(relative);
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await copyFile(path.join(from, file), path.join(to, file), constants.COPYFILE_FICLONE);
    }
  };
  await Promise.all(Array.from({ length: COPY_LANES }, lane));
}
