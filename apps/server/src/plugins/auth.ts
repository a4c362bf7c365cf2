import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authCookies, type TUser } from '@flowsmith/shared';
import { AppError } from '../lib/app-error';
import { createAuthRepo } from '../modules/auth/auth.repo';
import { createAuthService, type TAuthService } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyInstance {
    auth: TAuthService;
  }
  interface FastifyRequest {
    /** The signed-in caller; reading it on a request without one is a 401. */
    readonly user: TUser;
  }
  interface FastifyContextConfig {
    /** Anonymous callers may use this route; `authenticate` resolves no caller for it. */
    public?: boolean;
  }
}

const callers = new WeakMap<FastifyRequest, TUser>();

/** Accounts, sessions and API keys (`app.auth`), and the caller of a request (`request.user`). */
export const authPlugin = fp(
  async (app) => {
    const auth = createAuthService({
      repo: createAuthRepo(app.db),
      mailer: app.mailer,
      publicUrl: app.config.publicUrl,
    });
    app.decorate('auth', auth);
    app.decorateRequest('user', {
      getter(this: FastifyRequest) {
        const user = callers.get(this);
        if (!user) throw new AppError('unauthorized', 'Sign in to continue');
        return user;
      },
    });
  },
  { name: 'auth', dependencies: ['database', 'mail'] },
);

function callerOf(auth: TAuthService, request: FastifyRequest): Promise<TUser | undefined> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return auth.userForApiKey(bearer);
  const sessionToken = request.cookies[authCookies.token];
  return sessionToken ? auth.userForSession(sessionToken) : Promise.resolve(undefined);
}

/**
 * The `onRequest` hook of the API scope: the caller comes from an API key
 * (`Authorization: Bearer …`) or the session cookie, and an anonymous request is refused with
 * 401 before its body is read or validated. Routes with `config: { public: true }` are let
 * through without a caller.
 */
export async function authenticate(this: FastifyInstance, request: FastifyRequest) {
  if (request.routeOptions.config.public) return;
  const user = await callerOf(this.auth, request);
  if (!user) throw new AppError('unauthorized', 'Sign in to continue');
  callers.set(request, user);
}
