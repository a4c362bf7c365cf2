import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZLoginBody,
  ZLoginResponse,
  ZRegisterBody,
  ZResendVerificationBody,
  ZUserResponse,
  ZVerifyEmailBody,
  ZWsInfo,
  authCookies,
} from '@flowsmith/shared';

const SESSION_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
// Says that this browser has signed in to an account before (see sign-in-throttle.ts).
const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Signing up, in and out; all but `me` and `ws-token` are public. */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, config, realtime } = app;
  const rateLimit = {
    max: config.authRateLimit.max,
    timeWindow: config.authRateLimit.timeWindowMs,
  };
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:') ? true : 'auto',
  } as const;

  r.post(
    '/auth/register',
    {
      config: { public: true, rateLimit },
      schema: { body: ZRegisterBody, response: { 201: ZUserResponse } },
    },
    async (request, reply) => reply.status(201).send({ user: await auth.register(request.body) }),
  );

  r.post(
    '/auth/verify-email',
    {
      config: { public: true },
      schema: { body: ZVerifyEmailBody, response: { 200: ZUserResponse } },
    },
    async (request) => ({ user: await auth.verifyEmail(request.body.token) }),
  );

  r.post(
    '/auth/resend-verification',
    { config: { public: true, rateLimit }, schema: { body: ZResendVerificationBody } },
    async (request, reply) => {
      auth.resendVerification(request.body.email);
      return reply.status(202).send({ status: 'accepted' });
    },
  );

  r.post(
    '/auth/login',
    {
      config: { public: true, rateLimit },
      schema: { body: ZLoginBody, response: { 200: ZLoginResponse } },
    },
    async (request, reply) => {
      const { user, sessionToken, sessionId, deviceToken } = await auth.login(request.body, {
        userAgent: request.headers['user-agent'],
        ip: request.ip,
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      reply.setCookie(authCookies.token, sessionToken, {
        ...cookieOptions,
        maxAge: SESSION_COOKIE_MAX_AGE_S,
      });
      reply.setCookie(DEVICE_COOKIE, deviceToken, {
        ...cookieOptions,
        path: '/api/auth',
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
      return { user, wsInfo: await realtime.ticket(user.id, sessionId) };
    },
  );

  // Public, so that a stale or revoked session can still clear its cookie.
  r.post('/auth/logout', { config: { public: true } }, async (request, reply) => {
    const sessionToken = request.cookies[authCookies.token];
    const ended = sessionToken ? await auth.logout(sessionToken) : undefined;
    // Its realtime connections end with it.
    if (ended) await realtime.endSessions([ended]);
    reply.clearCookie(authCookies.token, cookieOptions);
    return reply.status(204).send();
  });

  r.get('/auth/me', { schema: { response: { 200: ZUserResponse } } }, async (request) => ({
    user: request.user,
  }));

  r.get('/auth/ws-token', { schema: { response: { 200: ZWsInfo } } }, (request) =>
    realtime.ticket(request.user.id, request.sessionId),
  );
}
