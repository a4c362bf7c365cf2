import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';

export const LATEST_BUILD_FILE = 'builds/latest.json';

export type TBuildInfo = { id: string; builtAt: string };

export function createBuildInfo(now: Date = new Date()): TBuildInfo {
  return {
    id: `${now.getTime().toString(36)}-${randomBytes(4).toString('hex')}`,
    builtAt: now.toISOString(),
  };
}

/**
 * Gives every build an id (timestamp + random), compiles it into the app as `__BUILD_ID__` and
 * writes `builds/latest.json` next to it. A running app compares the two hourly and reloads once
 * a newer build is deployed (spec §4). In dev the manifest is served from memory.
 */
export function buildIdPlugin(): Plugin {
  const info = createBuildInfo();
  const body = `${JSON.stringify(info, null, 2)}\n`;
  return {
    name: 'flowsmith:build-id',
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(info.id) } }),
    configureServer(server) {
      server.middlewares.use(`/${LATEST_BUILD_FILE}`, (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(body);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: LATEST_BUILD_FILE, source: body });
    },
  };
}
