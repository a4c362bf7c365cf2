import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { isAppRoute } from '@flowsmith/shared';
import { appShellPolicy } from '../lib/content-security-policy';
import { frameAncestorsOf } from '../modules/apps/apps.service';
import { apiNotFound } from './error-handling';

const EMBED_PAGE = /^\/apps\/([^/]+)\/embed\/?$/;

// Files whose name changes with their content: Vite's assets and the service worker's runtime
// (workbox-<hash>.js). Everything else (the shell, sw.js, the build and web manifests, icons)
// keeps its name across builds, so the browser must ask each time whether it changed.
const HASHED = /^\/(assets\/.+|workbox-[0-9a-f]{8,}\.js)$/;

/** The URL path a file of the build answers, without the `.br`/`.gz` of a precompressed copy. */
function urlPathOf(webDistDir: string, filePath: string): string {
  const relative = path.relative(webDistDir, filePath).split(path.sep).join('/');
  return `/${relative.replace(/\.(br|gz)$/, '')}`;
}

/** The URL paths of the build's files (a precompressed copy answers its original's path). */
async function buildFiles(webDistDir: string): Promise<Set<string>> {
  const entries = await readdir(webDistDir, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
      .map((entry) => urlPathOf(webDistDir, path.join(entry.parentPath, entry.name))),
  );
}

/**
 * Serves the built web app with history fallback: known client routes get the shell with 200,
 * other paths the shell with 404 (the app shows "Page not found"); `/api` paths get JSON 404s.
 * Text files go out brotli- or gzip-compressed as the browser accepts, from the copies the build
 * wrote; hashed files are cached for a year, every other file revalidated on each use.
 */
export const spaPlugin = fp(
  async (app) => {
    const { webDistDir } = app.config;
    const indexFile = path.join(webDistDir, 'index.html');
    const hasBuild = existsSync(indexFile);
    const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : '';
    const shellHeaders: Record<string, string> = hasBuild
      ? {
          'content-security-policy': appShellPolicy(indexHtml, app.config.publicUrl),
          'x-frame-options': 'DENY',
        }
      : {};
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        // Only `reply.sendFile`: one route below serves every file of the build. A route per
        // file, as the plugin registers them, costs a start a quarter second for a few hundred.
        serve: false,
        index: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          const urlPath = urlPathOf(webDistDir, filePath);
          if (urlPath === '/index.html') {
            for (const [name, value] of Object.entries(shellHeaders)) res.header(name, value);
          }
          res.header(
            'cache-control',
            HASHED.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      const files = await buildFiles(webDistDir);
      app.get('/*', (request, reply) => {
        const pathname = request.url.split('?', 1)[0]!;
        return files.has(pathname) ? reply.sendFile(pathname.slice(1)) : reply.callNotFound();
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        return reply.status(404).send(apiNotFound(request.method, request.url));
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.status(404).send(apiNotFound(request.method, request.url));
      }
      if (!hasBuild) {
        return reply
          .status(503)
          .type('text/plain')
          .send(
            'The web app is not built yet: run `npm run build`, or `npm start` which builds it.',
          );
      }
      // A missing file with an extension is a real 404, not a client route.
      if (path.extname(pathname) !== '')
        return reply.status(404).type('text/plain').send('Not found');
      reply.header('cache-control', 'no-cache');
      const embedded = EMBED_PAGE.exec(pathname);
      if (embedded) {
        // Only the sites an embedded app allows may frame its page.
        const ancestors = await frameAncestorsOf(app.db, decodeURIComponent(embedded[1]!));
        return reply
          .type('text/html; charset=utf-8')
          .header(
            'content-security-policy',
            appShellPolicy(indexHtml, app.config.publicUrl, ancestors),
          )
          .send(indexHtml);
      }
      return reply.status(isAppRoute(pathname) ? 200 : 404).sendFile('index.html');
    });
  },
  { name: 'spa' },
);
