import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { createRateLimits, type TRateLimits } from '../lib/rate-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters in the database, shared by every server: for limits beyond one route's. */
    rateLimits: TRateLimits;
  }
}

type TRouteInfo = { method?: string | string[]; url?: string };
type TStoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * `@fastify/rate-limit`'s store on the database: each route that sets a limit gets its own
 * key space (`child`), so one client's sign-ins and sign-ups are counted apart.
 */
function databaseStore(limits: TRateLimits) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(scope: unknown) {
      this.scope = typeof scope === 'string' ? scope : 'global';
    }

    incr(key: string, callback: TStoreCallback, timeWindow: number) {
      limits.hit(`${this.scope} ${key}`, timeWindow).then(
        ({ hits, resetInMs }) => callback(null, { current: hits, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: TStoreCallback) {
      limits.read(`${this.scope} ${key}`).then(
        ({ hits, resetInMs }) => callback(null, { current: hits, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }

    // Called with the route's merged limit settings, which name the route in `routeInfo`.
    child(settings: object) {
      const { method, url } = (settings as { routeInfo?: TRouteInfo }).routeInfo ?? {};
      return new DatabaseRateLimitStore(`${[method].flat().join(',')} ${url ?? ''}`);
    }
  };
}

/** Per-route rate limits (`config.rateLimit`) counted in the database, and `app.rateLimits`. */
export const rateLimitPlugin = fp(
  async (app) => {
    const limits = createRateLimits(app.db);
    app.decorate('rateLimits', limits);
    await app.register(fastifyRateLimit, {
      global: false,
      store: databaseStore(limits),
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'rate_limited',
          `Too many attempts from your address; try again in ${context.after}`,
        ),
    });
  },
  { name: 'rate-limit', dependencies: ['database'] },
);
