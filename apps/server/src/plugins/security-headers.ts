import fp from 'fastify-plugin';
import { API_POLICY } from '../lib/content-security-policy';

/**
 * Headers every answer carries: no content sniffing, so a file or JSON is never run as HTML or
 * script; API answers also load nothing and may not be framed. The app shell's own policy is
 * set where it is served (`spa`).
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    // A callback hook, not an async one: every request passes here, and a promise per request
    // is work for nothing.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-content-type-options', 'nosniff');
      if (
        request.url === '/api' ||
        request.url.startsWith('/api/') ||
        request.url.startsWith('/api?')
      ) {
        reply.header('content-security-policy', API_POLICY);
        reply.header('x-frame-options', 'DENY');
      }
      done();
    });
  },
  { name: 'security-headers' },
);
