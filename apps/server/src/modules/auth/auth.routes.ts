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
import type { TConfig } from '../../config/config';
import type { TWsTokenSigner } from '../../lib/ws-token';
import { requireUser } from '../../plugins/request-user';
import type { TAuthService } from './auth.service';

const SESSION_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

type TAuthRoutesOptions = {
  auth: TAuthService;
  wsTokens: TWsTokenSigner;
  config: TConfig;
};

export async function authRoutes(
  app: FastifyInstance,
  { auth, wsTokens, config }: TAuthRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
  const wsInfo = async (userId: string) => ({
    token: await wsTokens.sign(userId),
    url: config.publicUrl,
  });

  r.post(
    '/register',
    {
      config: { rateLimit },
      schema: { body: ZRegisterBody, response: { 201: ZUserResponse, 409: ZApiError } },
    },
    async (request, reply) => reply.status(201).send({ user: await auth.register(request.body) }),
  );

  r.post(
    '/verify-email',
    { schema: { body: ZVerifyEmailBody, response: { 200: ZUserResponse } } },
    async (request) => ({ user: await auth.verifyEmail(request.body.token) }),
  );

  r.post(
    '/resend-verification',
    { config: { rateLimit }, schema: { body: ZResendVerificationBody } },
    async (request, reply) => {
      await auth.resendVerification(request.body.email);
      return reply.status(202).send({ status: 'accepted' });
    },
  );

  r.post(
    '/login',
    { config: { rateLimit }, schema: { body: ZLoginBody, response: { 200: ZLoginResponse } } },
    async (request, reply) => {
      const { user, sessionToken } = await auth.login(request.body, {
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      reply.setCookie(authCookies.token, sessionToken, {
        ...cookieOptions,
        maxAge: SESSION_COOKIE_MAX_AGE_S,
      });
      return { user, wsInfo: await wsInfo(user.id) };
    },
  );

  r.post('/logout', async (request, reply) => {
    const sessionToken = request.cookies[authCookies.token];
    if (sessionToken) await auth.logout(sessionToken);
    reply.clearCookie(authCookies.token, cookieOptions);
    return reply.status(204).send();
  });

  r.get('/me', { schema: { response: { 200: ZUserResponse } } }, async (request) => ({
    user: requireUser(request),
  }));

  r.get('/ws-token', { schema: { response: { 200: ZWsInfo } } }, async (request) =>
    wsInfo(requireUser(request).id),
  );
}
