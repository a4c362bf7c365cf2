import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authCookies, type TUser } from '@flowsmith/shared';
import { AppError } from '../lib/app-error';
import { createBackground } from '../lib/background';
import { createDeviceTokens } from '../lib/device-tokens';
import { rememberClient } from '../lib/request-client';
import { changesState, foreignOriginProblem } from '../lib/request-origin';
import { createAuthRepo } from '../modules/auth/auth.repo';
import { createAuthService, type TAuthService } from '../modules/auth/auth.service';
import { createSignInThrottle } from '../modules/auth/sign-in-throttle';

declare module 'fastify' {
  interface FastifyInstance {
    auth: TAuthService;
  }
  interface FastifyRequest {
    /** The signed-in caller; reading it on a request without one is a 401. */
    readonly user: TUser;
    /** The sign-in session of a caller who came with the session cookie. */
    readonly sessionId: string | undefined;
  }
  interface FastifyContextConfig {
    /** Anonymous callers may use this route; `authenticate` resolves no caller for it. */
    public?: boolean;
  }
}

const callers = new WeakMap<FastifyRequest, TUser>();
const sessionsOf = new WeakMap<FastifyRequest, string>();

/** Accounts, sessions and API keys (`app.auth`), and the caller of a request (`request.user`). */
export const authPlugin = fp<{ secretKey: string }>(
  async (app, { secretKey }) => {
    const background = createBackground(app.log);
    const auth = createAuthService({
      repo: createAuthRepo(app.db),
      mailer: app.mailer,
      publicUrl: app.config.publicUrl,
      background,
      throttle: createSignInThrottle(app.rateLimits, app.config.accountSignInLimit),
      devices: createDeviceTokens(secretKey),
    });
    app.decorate('auth', auth);
    // Mails still on their way go out before the database closes.
    app.addHook('onClose', () => background.settled());
    app.decorateRequest('user', {
      getter(this: FastifyRequest) {
        const user = callers.get(this);
        if (!user) throw new AppError('unauthorized', 'Sign in to continue');
        return user;
      },
    });
    app.decorateRequest('sessionId', {
      getter(this: FastifyRequest) {
        return sessionsOf.get(this);
      },
    });
  },
  { name: 'auth', dependencies: ['database', 'mail', 'rate-limit'] },
);

type TCaller = {
  user: TUser | undefined;
  by: 'api_key' | 'session' | 'nobody';
  sessionId?: string;
};

async function callerOf(auth: TAuthService, request: FastifyRequest): Promise<TCaller> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return { user: await auth.userForApiKey(bearer), by: 'api_key' };
  const sessionToken = request.cookies[authCookies.token];
  if (!sessionToken) return { user: undefined, by: 'nobody' };
  const found = await auth.userForSession(sessionToken);
  return { user: found?.user, by: 'session', sessionId: found?.sessionId };
}

/**
 * Refuses a state-changing request from another origin (cross-site request forgery; SameSite
 * cookies do not cover a sibling port or subdomain). A session request must name the app's
 * origin in `Origin` or `Referer`; an anonymous one (sign-in, sign-up…) may name none, as
 * non-browser clients do, but never a foreign one, so no other site can sign a visitor in to
 * an account of its choosing. API-key requests are exempt: no browser sends them on its own.
 */
function checkOrigin(request: FastifyRequest, appOrigin: string, required: boolean) {
  if (!changesState(request.method)) return;
  const problem = foreignOriginProblem(request.headers, appOrigin, { required });
  if (problem) throw new AppError('forbidden', problem);
}

/**
 * The `onRequest` hook of the API scope: the caller comes from an API key
 * (`Authorization: Bearer …`) or the session cookie, and an anonymous request is refused with
 * 401 before its body is read or validated. Routes with `config: { public: true }` are let
 * through without a caller. State-changing requests must come from the app's own origin
 * unless an API key signs them.
 */
// Parsed once per public URL, not on every request.
const origins = new Map<string, string>();
const originOf = (publicUrl: string) => {
  let origin = origins.get(publicUrl);
  if (origin === undefined) origins.set(publicUrl, (origin = new URL(publicUrl).origin));
  return origin;
};

export async function authenticate(this: FastifyInstance, request: FastifyRequest) {
  const appOrigin = originOf(this.config.publicUrl);
  if (request.routeOptions.config.public) {
    checkOrigin(request, appOrigin, false);
    return;
  }
  const { user, by, sessionId } = await callerOf(this.auth, request);
  if (!user) throw new AppError('unauthorized', 'Sign in to continue');
  if (by === 'session') checkOrigin(request, appOrigin, true);
  callers.set(request, user);
  if (sessionId) sessionsOf.set(request, sessionId);
  rememberClient(user, request.headers['x-client-id']);
}

/**
 * The signed-in caller of a public route, if any: for pages open to everyone that members see
 * more of. A bad or ended session is nobody.
 */
export async function optionalUser(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<TUser | undefined> {
  return (await callerOf(app.auth, request)).user;
}
