import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApiError,
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
      schema: { body: ZRegisterBody, response: { 201: ZUserResponse, 409: ZApiError } },
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
      await auth.resendVerification(request.body.email);
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
      const { user, sessionToken } = await auth.login(request.body, {
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      reply.setCookie(authCookies.token, sessionToken, {
        ...cookieOptions,
        maxAge: SESSION_COOKIE_MAX_AGE_S,
      });
      return { user, wsInfo: await realtime.ticket(user.id) };
    },
  );

  // Public, so that a stale or revoked session can still clear its cookie.
  r.post('/auth/logout', { config: { public: true } }, async (request, reply) => {
    const sessionToken = request.cookies[authCookies.token];
    if (sessionToken) await auth.logout(sessionToken);
    reply.clearCookie(authCookies.token, cookieOptions);
    return reply.status(204).send();
  });

  r.get('/auth/me', { schema: { response: { 200: ZUserResponse } } }, async (request) => ({
    user: request.user,
  }));

  r.get('/auth/ws-token', { schema: { response: { 200: ZWsInfo } } }, (request) =>
    realtime.ticket(request.user.id),
  );
}
