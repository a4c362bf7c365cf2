import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type TReceivedMail = { to: string[]; subject: string; text: string; html: string };

/** A real SMTP server on a free loopback port that keeps what it receives. */
export async function startSmtpTestServer() {
  const received: TReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  // While set, mails are held before the server accepts them, as a slow mail server would.
  let held: Promise<void> | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          await held;
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits for the next mail to `to` that arrives after `after` mails were received. */
    async waitForMail(to: string, timeoutMs = 5_000): Promise<TReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.findLast((m) => m.to.includes(to));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /** Holds every mail until the returned function is called. */
    stall(): () => void {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the link to `path` (e.g. `/reset-password`) in a mail. */
export function linkTokenFrom(mail: TReceivedMail, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${path} link in mail: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

export function verificationTokenFrom(mail: TReceivedMail): string {
  return linkTokenFrom(mail, '/verify-email');
}
