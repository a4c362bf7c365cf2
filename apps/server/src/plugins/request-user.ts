import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authCookies, type TUser } from '@flowsmith/shared';
import { AppError } from '../lib/app-error';
import type { TAuthService } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    user: TUser | null;
  }
  interface FastifyContextConfig {
    /** The route answers everyone alike, so its caller is not looked up. */
    anonymous?: boolean;
  }
}

/** Resolves the caller of every API request from the session cookie or an API key. */
export function registerRequestUser(app: FastifyInstance, auth: TAuthService): void {
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.anonymous) return;
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) {
      request.user = (await auth.userForApiKey(bearer)) ?? null;
      return;
    }
    const sessionToken = request.cookies[authCookies.token];
    if (sessionToken) request.user = (await auth.userForSession(sessionToken)) ?? null;
  });
}

export function requireUser(request: FastifyRequest): TUser {
  if (!request.user) throw new AppError('unauthorized', 'Sign in to continue');
  return request.user;
}
