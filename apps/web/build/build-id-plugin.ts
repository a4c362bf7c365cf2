import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';

export const LATEST_BUILD_FILE = 'builds/latest.json';

type TBuildInfo = { id: string; builtAt: string };

function createBuildInfo(now: Date = new Date()): TBuildInfo {
  return {
    id: `${now.getTime().toString(36)}-${randomBytes(4).toString('hex')}`,
    builtAt: now.toISOString(),
  };
}

/**
 * Gives every build an id (timestamp + random), writes it into `index.html` as
 * `<meta name="flowsmith-build">` and into `builds/latest.json`. A running app compares the two
 * hourly and reloads once a newer build is deployed (spec §4). The id stays out of the code, so
 * a build that changes nothing else keeps every chunk's name and users keep their cache. In dev
 * the manifest is served from memory.
 */
export function buildIdPlugin(): Plugin {
  const info = createBuildInfo();
  const body = `${JSON.stringify(info, null, 2)}\n`;
  return {
    name: 'flowsmith:build-id',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { name: 'flowsmith-build', content: info.id },
        injectTo: 'head-prepend',
      },
    ],
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
