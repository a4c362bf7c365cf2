import type { TMail } from '../../lib/mailer';
import { composeMail, linkMail } from '../auth/verification-mail';

/** The "forgot password" link. */
export function passwordResetMail(to: string, name: string, link: string, token: string): TMail {
  return linkMail(
    to,
    name,
    { link, token },
    {
      subject: 'Reset your Flowsmith password',
      intro:
        'Someone, perhaps you, asked to reset the password of your Flowsmith account. Open this link to choose a new one:',
      label: 'Choose a new password',
      note: 'The link works once and expires in 1 hour. Choosing a new password signs you out everywhere else. If you did not ask for this, ignore this mail: your password stays as it is.',
    },
  );
}

/** To the new address: the link that makes it the account's e-mail. */
export function emailChangeMail(to: string, name: string, link: string, token: string): TMail {
  return linkMail(
    to,
    name,
    { link, token },
    {
      subject: 'Confirm your new e-mail address for Flowsmith',
      intro: 'Open this link to use this address for your Flowsmith account from now on:',
      label: 'Confirm my new e-mail address',
      note: 'The link works once and expires in 24 hours. If you did not ask for this, ignore this mail.',
    },
  );
}

/** To the old address, once the change is done, so a taken-over account does not go unnoticed. */
export function emailChangedMail(to: string, name: string, newEmail: string): TMail {
  return composeMail(to, 'Your Flowsmith e-mail address was changed', [
    `Hello ${name},`,
    `Your Flowsmith account now uses ${newEmail}; this address no longer signs in.`,
    'If you did not do this, reset your password from the sign-in page with the new address, or contact your administrator.',
  ]);
}

/** After a password change or reset, to the account's address. */
export function passwordChangedMail(to: string, name: string): TMail {
  return composeMail(to, 'Your Flowsmith password was changed', [
    `Hello ${name},`,
    'The password of your Flowsmith account was just changed, and every other session was signed out.',
    'If you did not do this, choose a new password with "Forgot password" on the sign-in page.',
  ]);
}
