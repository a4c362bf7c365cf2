import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { isAppRoute } from '@flowsmith/shared';
import { apiNotFound } from './error-handling';

// Files that must never be served from a cache: they are how the app learns it is stale.
const NO_CACHE = new Set(['/sw.js', '/builds/latest.json', '/index.html', '/manifest.webmanifest']);

/**
 * Serves the built web app with history fallback: known client routes get the shell with 200,
 * other paths the shell with 404 (the app shows "Page not found"); `/api` paths get JSON 404s.
 */
export const spaPlugin = fp(
  async (app) => {
    const { webDistDir } = app.config;
    const indexFile = path.join(webDistDir, 'index.html');
    const hasBuild = existsSync(indexFile);
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        setHeaders(res, filePath) {
          const urlPath = `/${path.relative(webDistDir, filePath).split(path.sep).join('/')}`;
          if (NO_CACHE.has(urlPath)) res.header('cache-control', 'no-cache');
          else if (urlPath.startsWith('/assets/')) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
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
      return reply.status(isAppRoute(pathname) ? 200 : 404).sendFile('index.html');
    });
  },
  { name: 'spa' },
);
