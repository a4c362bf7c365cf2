import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { TDb } from '../db/database';
import { mailOutbox } from '../db/schema/index';

export type TMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A token inside the text and html (a verification link's): the outbox keeps it redacted. */
  secret?: string;
};

export type TMailer = { send(mail: TMail): Promise<void> };

type TMailerOptions = {
  db: TDb;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
};

const redact = (text: string, secret: string | undefined) =>
  secret ? text.replaceAll(secret, '[redacted]') : text;

/**
 * Every mail is written to the outbox table first, with its secret (a link's token) redacted:
 * the database keeps only hashes of tokens. With SMTP_URL it is then sent over SMTP; without,
 * the server log carries it whole, so a newcomer can follow links without a mail server.
 */
export function createMailer({ db, smtpUrl, from, log }: TMailerOptions): TMailer {
  // nodemailer loads with the first mail sent over SMTP, not at start.
  let transport: Promise<Transporter> | undefined;
  const smtp = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(url),
    ));
  return {
    async send({ secret, ...mail }) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          ...mail,
          text: redact(mail.text, secret),
          html: redact(mail.html, secret),
        })
        .returning({ id: mailOutbox.id });
      if (!smtpUrl) {
        log.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP_URL set):\n${mail.text}`);
        return;
      }
      try {
        await (await smtp(smtpUrl)).sendMail({ from, ...mail });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db.update(mailOutbox).set({ error: message }).where(eq(mailOutbox.id, row!.id));
        log.error({ to: mail.to, err: message }, 'sending mail failed');
        throw error;
      }
    },
  };
}
