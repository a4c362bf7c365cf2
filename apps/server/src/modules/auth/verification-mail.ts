import type { TMail } from '../../lib/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A mail of paragraphs and links, as plain text and as HTML. */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: Array<string | { link: string; label: string }>,
) {
  return {
    to,
    subject,
    text: paragraphs.map((p) => (typeof p === 'string' ? p : p.link)).join('\n\n'),
    html: paragraphs
      .map((p) =>
        typeof p === 'string'
          ? `<p>${escapeHtml(p)}</p>`
          : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`,
      )
      .join('\n'),
  };
}

type TLinkMail = {
  subject: string;
  /** What the link does, before it. */
  intro: string;
  label: string;
  /** How long it works and what to do when one did not ask for it. */
  note: string;
};

/**
 * A mail whose point is one single-use link to `name`; `token` is the secret in the link, which
 * the outbox must not keep.
 */
export function linkMail(
  to: string,
  name: string,
  { link, token }: { link: string; token: string },
  { subject, intro, label, note }: TLinkMail,
): TMail {
  return {
    ...composeMail(to, subject, [`Hello ${name},`, intro, { link, label }, note]),
    secret: token,
  };
}

/** The link that finishes signing up. */
export function verificationMail(to: string, name: string, link: string, token: string): TMail {
  return linkMail(
    to,
    name,
    { link, token },
    {
      subject: 'Verify your e-mail address for Flowsmith',
      intro:
        'Open this link to verify your e-mail address and finish creating your Flowsmith account:',
      label: 'Verify my e-mail address',
      note: 'The link works once and expires in 24 hours. If you did not sign up, ignore this mail.',
    },
  );
}

/**
 * To the owner of an address someone tried to sign up with again. The sign-up answered as for
 * a new address, so that nobody learns which addresses have accounts; the owner learns here.
 * An account still waiting for verification gets a fresh link.
 */
export function existingAccountMail(
  to: string,
  name: string,
  signInLink: string,
  verification?: { link: string; token: string },
): TMail {
  const intro = `Hello ${name},`;
  const attempt =
    'Someone, perhaps you, just tried to create a Flowsmith account with this e-mail address, which already has one. Nothing was changed.';
  const notYou = 'If it was not you, ignore this mail: your account is as it was.';
  if (!verification) {
    return composeMail(to, 'Someone tried to sign up with your e-mail address', [
      intro,
      attempt,
      'If it was you, sign in with the password you already have:',
      { link: signInLink, label: 'Sign in to Flowsmith' },
      notYou,
    ]);
  }
  return {
    ...composeMail(to, 'Someone tried to sign up with your e-mail address', [
      intro,
      attempt,
      'Your account is not verified yet. If it was you, open this link to verify it, then sign in with the password you chose when you first signed up:',
      { link: verification.link, label: 'Verify my e-mail address' },
      'The link works once and expires in 24 hours.',
      notYou,
    ]),
    secret: verification.token,
  };
}
