import fp from 'fastify-plugin';
import { createMailer, type TMailer } from '../lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: TMailer;
  }
}

/** Mail through the outbox table, then SMTP or the server log. */
export const mailPlugin = fp(
  async (app) => {
    const { smtpUrl, mailFrom } = app.config;
    app.decorate('mailer', createMailer({ db: app.db, smtpUrl, from: mailFrom, log: app.log }));
  },
  { name: 'mail', dependencies: ['database'] },
);
