import path from 'node:path';

/**
 * The server package's folder. This file sits directly under it in `src/` (run from source)
 * and in `dist/` (bundled into the built server), so one step up finds it from either.
 */
export const serverDir = path.resolve(import.meta.dirname, '..');
export const repoRoot = path.resolve(serverDir, '../..');
