import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LightMessage } from '../../components/light-controls';
import { serverCheckQueryOptions } from '../../lib/queries/server-check';

/**
 * Without an SMTP server the server writes each mail, link included, to its log: a newcomer
 * running Flowsmith on their own machine would otherwise wait for a mail that never comes.
 */
export function MailDeliveryNote() {
  const { data } = useQuery(serverCheckQueryOptions());
  if (data?.mail !== 'log') return null;
  return (
    <LightMessage
      severity="info"
      className="w-full"
      text="This server has no mail server set up (SMTP_URL), so it writes the mail, link included, to its log instead of sending it. Copy the link from the server's output."
    />
  );
}

/** "Check your inbox" after a mail went out: what it holds, then where to go from here. */
export function CheckInbox({ children, next }: { children: ReactNode; next: ReactNode }) {
  return (
    <div className="check-inbox">
      <i className="pi pi-envelope check-inbox__icon" aria-hidden="true" />
      <h1 className="auth-title">Check your inbox</h1>
      {children}
      <MailDeliveryNote />
      {next}
    </div>
  );
}
