import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** JSON and text, but not event streams: those are written event by event as they happen. */
const COMPRESSIBLE = /(?:\+|\/)json(?:;|$)|^text\/(?!event-stream)/;
/** Where answers may hold a user's data; the built web app's files hold none. */
const DATA_PATHS = /^\/(?:api|v1|mcp)(?:[/?]|$)/;

/**
 * Answers of 1 KiB or more go out brotli- or gzip-compressed as the caller accepts: a large
 * canvas is over a megabyte of JSON, a tenth of that compressed. The web app's files come
 * compressed from the build already. An answer to a request that another site made is sent as
 * it is: it may carry the user's cookie, and the size of a compressed answer that holds both a
 * secret and text of the other site's choosing tells that site about the secret (BREACH).
 */
export const compressionPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const site = request.headers['sec-fetch-site'];
      if ((site === 'cross-site' || site === 'same-site') && DATA_PATHS.test(request.url)) {
        delete request.headers['accept-encoding'];
      }
      done();
    });
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      customTypes: COMPRESSIBLE,
      // The API takes request bodies as plain JSON only.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
