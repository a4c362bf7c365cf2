import type { FastifyInstance } from 'fastify';
import {
  ZAccountDeletionPlan,
  ZChangeEmailBody,
  ZChangePasswordBody,
  ZConfirmEmailBody,
  ZDeleteAccountBody,
  ZForgotPasswordBody,
  ZProfileBody,
  ZResetPasswordBody,
  ZSessionList,
  ZSessionParams,
  ZIdParams,
  ZUserResponse,
  authCookies,
} from '@flowsmith/shared';
import { moduleRoutes } from '../module-routes';
import { createBackground } from '../../lib/background';
import { createAuthRepo } from '../auth/auth.repo';
import { createAccountRepo } from './account.repo';
import { createAccountService } from './account.service';
import { AVATAR_MAX_BYTES } from './avatar';

/**
 * A person's own account: "forgot password" and the mailed links (public), and, signed in, the
 * profile, password, e-mail address, sessions and deleting the account.
 */
export async function accountRoutes(app: FastifyInstance) {
  const { r } = moduleRoutes(app, 'account');
  const { config } = app;
  const rateLimit = {
    max: config.authRateLimit.max,
    timeWindow: config.authRateLimit.timeWindowMs,
  };
  const background = createBackground(app.log);
  app.addHook('onClose', () => background.settled());
  const account = createAccountService({
    repo: createAccountRepo(app.db),
    authRepo: createAuthRepo(app.db),
    mailer: app.mailer,
    publicUrl: config.publicUrl,
    background,
    limits: app.rateLimits,
  });
  // A picture is the request body itself; its type is checked against its bytes.
  app.addContentTypeParser(
    /^image\//,
    { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const sessionToken = (cookies: Record<string, string | undefined>) => cookies[authCookies.token];

  r.post(
    '/auth/forgot-password',
    { config: { public: true, rateLimit }, schema: { body: ZForgotPasswordBody } },
    async (request, reply) => {
      account.forgotPassword(request.body.email);
      return reply.status(202).send({ status: 'accepted' });
    },
  );

  r.post(
    '/auth/reset-password',
    { config: { public: true, rateLimit }, schema: { body: ZResetPasswordBody } },
    async (request, reply) => {
      // The connections of the sessions it ended end with them.
      await app.realtime.dropEndedSessions(await account.resetPassword(request.body));
      return reply.status(204).send();
    },
  );

  r.post(
    '/auth/confirm-email',
    {
      config: { public: true, rateLimit },
      schema: { body: ZConfirmEmailBody, response: { 200: ZUserResponse } },
    },
    async (request) => ({ user: await account.confirmEmailChange(request.body.token) }),
  );

  r.put(
    '/account/profile',
    { schema: { body: ZProfileBody, response: { 200: ZUserResponse } } },
    async (request) => ({ user: await account.updateProfile(request.user, request.body) }),
  );

  r.put(
    '/account/avatar',
    { bodyLimit: AVATAR_MAX_BYTES, schema: { response: { 200: ZUserResponse } } },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array();
      const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim();
      return { user: await account.setAvatar(request.user, body, mediaType) };
    },
  );

  r.delete(
    '/account/avatar',
    { schema: { response: { 200: ZUserResponse } } },
    async (request) => ({ user: await account.removeAvatar(request.user) }),
  );

  r.get('/users/:id/avatar', { schema: { params: ZIdParams } }, async (request, reply) => {
    const picture = await account.avatar(request.user, request.params.id);
    return reply
      .type(picture.mediaType)
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(picture.body);
  });

  r.post('/account/password', { schema: { body: ZChangePasswordBody } }, async (request, reply) => {
    await account.changePassword(request.user, request.body, sessionToken(request.cookies));
    await app.realtime.dropEndedSessions(request.user.id);
    return reply.status(204).send();
  });

  r.post('/account/email', { schema: { body: ZChangeEmailBody } }, async (request, reply) => {
    await account.requestEmailChange(request.user, request.body);
    return reply.status(202).send({ status: 'accepted' });
  });

  r.get('/account/sessions', { schema: { response: { 200: ZSessionList } } }, async (request) => ({
    items: await account.listSessions(request.user, sessionToken(request.cookies)),
  }));

  r.delete(
    '/account/sessions/:id',
    { schema: { params: ZSessionParams } },
    async (request, reply) => {
      await account.revokeSession(request.user, request.params.id);
      await app.realtime.endSessions([request.params.id]);
      return reply.status(204).send();
    },
  );

  r.get(
    '/account/deletion-plan',
    { schema: { response: { 200: ZAccountDeletionPlan } } },
    (request) => account.deletionPlan(request.user),
  );

  r.post('/account/delete', { schema: { body: ZDeleteAccountBody } }, async (request, reply) => {
    await account.deleteAccount(request.user, request.body);
    await app.realtime.dropEndedSessions(request.user.id);
    reply.clearCookie(authCookies.token, { path: '/' });
    return reply.status(204).send();
  });
}
