import { existsSync } from 'node:fs';
import path from 'node:path';

/** The nearest folder at or above `from` that holds a package.json. */
function packageDirOf(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

/**
 * The server package's folder: the nearest package.json above this file, which sits in `src/`
 * (run from source) or in `dist/` or one of its chunks (bundled into the built processes).
 */
export const serverDir = packageDirOf(import.meta.dirname);
export const repoRoot = path.resolve(serverDir, '../..');
