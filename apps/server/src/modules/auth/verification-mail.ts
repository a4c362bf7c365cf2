import type { TMail } from '../../lib/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function verificationMail(to: string, name: string, link: string): TMail {
  return {
    to,
    subject: 'Verify your e-mail address for Flowsmith',
    text: [
      `Hello ${name},`,
      '',
      'Open this link to verify your e-mail address and finish creating your Flowsmith account:',
      link,
      '',
      'The link works once and expires in 24 hours. If you did not sign up, ignore this mail.',
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      '<p>Open this link to verify your e-mail address and finish creating your Flowsmith account:</p>',
      `<p><a href="${escapeHtml(link)}">Verify my e-mail address</a></p>`,
      '<p>The link works once and expires in 24 hours. If you did not sign up, ignore this mail.</p>',
    ].join('\n'),
  };
}
